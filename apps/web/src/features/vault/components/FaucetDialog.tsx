import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUnits } from '@portal/shared/money';
import type { FaucetAllowance, FaucetChain } from '@portal/shared/faucet';
import { AppButton } from '../../../components/AppButton';
import { ApiError } from '../../../lib/api-client';
import { useFaucet, useRequestFaucet } from '../api/faucet';
import { ProblemAlert } from './ProblemAlert';

const newKey = () => `faucet-${crypto.randomUUID()}`;

/** Whole hours until the day's allowance is back (a full day when nothing counts yet). */
function hoursUntil(resetsAt: string | null): number {
  const left = resetsAt ? Date.parse(resetsAt) - Date.now() : 24 * 3_600_000;
  return Math.max(1, Math.ceil(left / 3_600_000));
}

/**
 * "Get test funds" for one vault address (ADR 70): the assets the faucet pays on its chain, what
 * is left today, and on a remote chain a link to the network's public faucet instead. Buttons are
 * disabled while a request runs ('Processing...'); a refusal shows in the red banner.
 */
export function FaucetDialog({
  open,
  chain,
  address,
  onClose,
}: {
  open: boolean;
  chain: FaucetChain;
  address: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const faucet = useFaucet(open);
  const request = useRequestFaucet();
  // One key per click: a retry after a lost answer reuses it only within the same request.
  const [key, setKey] = useState(newKey);
  const [asking, setAsking] = useState<string | null>(null);
  const offers = (faucet.data ?? []).filter((offer) => offer.chain === chain);
  const publicFaucet = offers.find((offer) => offer.publicFaucetUrl)?.publicFaucetUrl;

  const close = () => {
    if (request.isPending) return;
    request.reset();
    onClose();
  };
  const ask = (offer: FaucetAllowance) => {
    setAsking(offer.asset);
    request.mutate(
      { asset: offer.asset, chain: offer.chain, idempotencyKey: key },
      { onSettled: () => setKey(newKey()), onError: (error) => explain(error, offer) },
    );
  };
  // The limit's refusal names its numbers; said here in the user's language from the allowance.
  const [refused, setRefused] = useState<Error | null>(null);
  const explain = (error: Error, offer: FaucetAllowance) => {
    if (!(error instanceof ApiError) || error.status !== 429) return setRefused(null);
    const hours = hoursUntil(offer.resetsAt);
    setRefused(
      new Error(t('messages.faucetLimitReached', { limit: offer.limit, asset: offer.asset, hours })),
    );
  };
  const amount = (offer: FaucetAllowance) =>
    `${formatUnits(BigInt(offer.amount), offer.decimals)} ${offer.asset}`;
  const sent = request.data?.grant;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="faucet-title">
      <DialogTitle id="faucet-title">{t('vault.faucet.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('vault.faucet.description')}</DialogContentText>
        <Typography
          variant="caption"
          dir="ltr"
          sx={{ fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' }}
        >
          {address}
        </Typography>
        {faucet.isPending && open && <Skeleton variant="rounded" height={96} />}
        {faucet.isError && <ProblemAlert title={t('messages.faucetFailed')} error={faucet.error} />}
        {publicFaucet ? (
          <Alert severity="info">
            {t('vault.faucet.remote')}{' '}
            <Link href={publicFaucet} target="_blank" rel="noopener noreferrer">
              {t('vault.faucet.publicFaucet')}
            </Link>
          </Alert>
        ) : (
          offers.map((offer) => (
            <Box
              key={`${offer.asset}:${offer.chain}`}
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
            >
              <Box>
                <Typography sx={{ fontWeight: 600 }}>
                  <span dir="ltr">{amount(offer)}</span>
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="faucet-remaining">
                  {offer.available
                    ? t('vault.faucet.remaining', { remaining: offer.remaining, limit: offer.limit })
                    : t('messages.faucetNoStablecoin')}
                </Typography>
              </Box>
              <AppButton
                size="sm"
                onClick={() => ask(offer)}
                loading={request.isPending && asking === offer.asset}
                disabled={request.isPending || !offer.available || offer.remaining === 0}
                aria-label={t('vault.faucet.get', { amount: amount(offer) })}
              >
                {request.isPending && asking === offer.asset
                  ? t('purchase.processing')
                  : t('vault.faucet.getShort')}
              </AppButton>
            </Box>
          ))
        )}
        {request.isError && (
          <ProblemAlert title={t('vault.faucet.failed')} error={refused ?? request.error} />
        )}
        {sent && !request.isPending && (
          <Alert severity="success">
            {t('vault.faucet.sent', {
              amount: `${formatUnits(BigInt(sent.amount), sent.decimals)} ${sent.asset}`,
            })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={request.isPending}>
          {t('vault.faucet.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
