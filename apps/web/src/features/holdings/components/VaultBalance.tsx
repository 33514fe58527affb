import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChainReadError, VaultAddressBalance } from '@portal/shared/holdings';
import { tokens } from '../api/amounts';

const errorKey = {
  'not-connected': 'vault.balances.notConnected',
  unavailable: 'vault.balances.unavailable',
  timeout: 'vault.balances.timeout',
} as const satisfies Record<ChainReadError, string>;

/** One vault address's balances (ADR 68): its native coin, then the portal's tokens held there. */
export function VaultBalance({
  balance,
  loading,
}: {
  balance: VaultAddressBalance | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  if (loading) return <Skeleton width={90} />;
  if (!balance) return null;
  const { native } = balance;
  return (
    <Box data-testid="vault-balance" sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      {native.balance === null ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(errorKey[native.error ?? 'unavailable'])}
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <span dir="ltr" data-testid="vault-native-balance">
            {tokens(native.balance, native.decimals)} {native.symbol}
          </span>
        </Typography>
      )}
      {balance.stablecoin && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {balance.stablecoin.balance === null ? (
            `${balance.stablecoin.symbol}: ${t(errorKey[balance.stablecoin.error ?? 'unavailable'])}`
          ) : (
            <span dir="ltr" data-testid="vault-stablecoin-balance">
              {tokens(balance.stablecoin.balance, balance.stablecoin.decimals)} {balance.stablecoin.symbol}
            </span>
          )}
        </Typography>
      )}
      {balance.tokens.map((token) => (
        <Typography key={token.tokenId} variant="caption" sx={{ color: 'text.secondary' }}>
          {token.balance === null ? (
            `${token.symbol}: ${t(errorKey[token.error ?? 'unavailable'])}`
          ) : (
            <span dir="ltr" data-testid="vault-token-balance">
              {tokens(token.balance, token.decimals)} {token.symbol}
            </span>
          )}
        </Typography>
      ))}
    </Box>
  );
}
