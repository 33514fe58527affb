import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';
import { shortenAddress } from '../../../lib/format';

/** A holder as an issuer may know them (ADR 69): the registry's identity key, a name only by consent. */
export interface HolderIdentityFacts {
  identityKey: string | null;
  name: string | null;
  /** Whether the identity's verification is valid now (a warning when not). */
  verified?: boolean;
}

/** How a holder is named in a sentence: their name where shown, else their shortened identity key. */
export function holderLabel(holder: HolderIdentityFacts): string | null {
  return holder.name ?? (holder.identityKey ? shortenAddress(holder.identityKey) : null);
}

/** The holder's name where shown, and their identity key, shortened with the full value to copy. */
export function HolderIdentity({ holder }: { holder: HolderIdentityFacts }) {
  const { t } = useTranslation();
  const key = holder.identityKey;
  return (
    <Stack sx={{ minWidth: 0 }}>
      {holder.name && (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {holder.name}
        </Box>
      )}
      {key ? (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <Box
            component="span"
            title={key}
            dir="ltr"
            sx={{ fontFamily: 'monospace' }}
            data-testid="register-key"
          >
            {shortenAddress(key)}
          </Box>
          <CopyButton value={key} label={t('register.copyKey')} />
        </Box>
      ) : (
        <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
          {t('register.unregistered')}
        </Typography>
      )}
      {holder.verified === false && (
        <Typography variant="caption" component="span" sx={{ color: 'warning.dark' }}>
          {t('register.notVerified')}
        </Typography>
      )}
    </Stack>
  );
}
