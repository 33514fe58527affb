import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../i18n/use-message';
import { useRegisterTokens } from '../api/register';
import { RegisterTable } from './RegisterTable';

/** The admin console's registers: any token's, every name shown (ADR 69). */
export function RegistersSection() {
  const { t } = useTranslation();
  const message = useMessage();
  const tokens = useRegisterTokens();
  const [tokenId, setTokenId] = useState<string>();
  if (tokens.isError) return <Alert severity="error">{message(tokens.error.message)}</Alert>;
  if (!tokens.data) return <Skeleton variant="rounded" height={56} />;
  if (tokens.data.length === 0) return <Alert severity="info">{t('register.noTokens')}</Alert>;
  return (
    <Stack sx={{ gap: 3 }}>
      <TextField
        select
        label={t('register.token')}
        value={tokenId ?? ''}
        onChange={(event) => setTokenId(event.target.value)}
        sx={{ maxWidth: 480 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'register-token' } } }}
      >
        {tokens.data.map((token) => (
          <MenuItem key={token.id} value={token.id}>
            {t('register.tokenOption', {
              name: token.name,
              symbol: token.symbol,
              issuer: token.issuerName,
              holders: token.holderCount,
            })}
          </MenuItem>
        ))}
      </TextField>
      {tokenId && <RegisterTable key={tokenId} scope="admin" tokenId={tokenId} />}
    </Stack>
  );
}
