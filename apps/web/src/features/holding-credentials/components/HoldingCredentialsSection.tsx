import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoldingCredential } from '@portal/shared/holding-credentials';
import { formatUnits } from '@portal/shared/money';
import { AppButton } from '../../../components/AppButton';
import { CopyButton } from '../../../components/CopyButton';
import { EmptyState } from '../../../components/EmptyState';
import { useMessage } from '../../../i18n/use-message';
import { formatDate } from '../../../lib/format';
import {
  useHoldingCredentials,
  useRevokeHoldingCredential,
  useShareHoldingCredential,
} from '../api/holding-credentials';
import { IssueHoldingCredentialDialog, type HeldToken } from './IssueHoldingCredentialDialog';

/**
 * Holding credentials (docs/product.md, "Holding credentials"; ADR 74) under My Assets: each with
 * its status, a share link to its public verification page, and Revoke.
 */
export function HoldingCredentialsSection({ tokens }: { tokens: HeldToken[] }) {
  const { t } = useTranslation();
  const query = useHoldingCredentials();
  const [issuing, setIssuing] = useState(false);
  const titleId = 'holding-credentials-title';
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="holding-credentials" sx={{ padding: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, alignItems: { sm: 'center' }, marginBlockEnd: 1 }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('holdingCredentials.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('holdingCredentials.description')}
          </Typography>
        </Box>
        <AppButton onClick={() => setIssuing(true)} disabled={tokens.length === 0}>
          {t('holdingCredentials.open')}
        </AppButton>
      </Stack>
      {query.isError && <Alert severity="warning">{t('holdingCredentials.loadFailed')}</Alert>}
      {query.data?.length === 0 && (
        <EmptyState dense icon={<VerifiedOutlined />} title={t('holdingCredentials.empty')} />
      )}
      <Stack component="ul" sx={{ listStyle: 'none', padding: 0, margin: 0, gap: 1 }}>
        {query.data?.map((credential) => (
          <CredentialRow key={credential.id} credential={credential} />
        ))}
      </Stack>
      {issuing && <IssueHoldingCredentialDialog tokens={tokens} onClose={() => setIssuing(false)} />}
    </Card>
  );
}

function CredentialRow({ credential }: { credential: HoldingCredential }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const revoke = useRevokeHoldingCredential();
  const share = useShareHoldingCredential();
  const active = credential.status === 'active';
  const amount = formatUnits(BigInt(credential.threshold), credential.token.decimals);
  const error = revoke.error ?? share.error;
  return (
    <Box
      component="li"
      data-testid="holding-credential"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, padding: 1.5, display: 'grid', gap: 1 }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          {t('holdingCredentials.atLeast', {
            amount,
            symbol: credential.token.symbol,
            name: credential.token.name,
          })}
        </Typography>
        <Chip
          size="small"
          color={active ? 'success' : 'default'}
          label={
            active
              ? t('holdingCredentials.status.active')
              : t(`holdingCredentials.reason.${credential.revocationReason ?? 'holder-revoked'}`)
          }
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('holdingCredentials.issuedOn', { date: formatDate(credential.issuedAt, i18n.language) })}
        {credential.discloseDid ? ` · ${t('holdingCredentials.withDid')}` : ''}
      </Typography>
      {error && <Alert severity="error">{message(error.message)}</Alert>}
      {share.data && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', minWidth: 0 }}>
          <Link
            href={share.data.url}
            target="_blank"
            rel="noopener"
            data-testid="holding-share-link"
            sx={{ overflowWrap: 'anywhere', direction: 'ltr' }}
          >
            {t('holdingCredentials.openLink')}
          </Link>
          <CopyButton value={share.data.url} label={t('holdingCredentials.copyLink')} />
        </Stack>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <AppButton
          size="sm"
          variant="outline"
          loading={share.isPending}
          disabled={revoke.isPending}
          onClick={() => share.mutate(credential.id)}
        >
          {share.isPending ? t('holdingCredentials.processing') : t('holdingCredentials.share')}
        </AppButton>
        {active && (
          <AppButton
            size="sm"
            variant="ghost"
            loading={revoke.isPending}
            disabled={share.isPending}
            onClick={() => revoke.mutate(credential.id)}
          >
            {revoke.isPending ? t('holdingCredentials.processing') : t('holdingCredentials.revoke')}
          </AppButton>
        )}
      </Stack>
    </Box>
  );
}
