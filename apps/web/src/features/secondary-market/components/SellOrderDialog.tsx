import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Detail } from '../../../components/Detail';
import { FormDialog } from '../../../components/FormDialog';
import { useNotify } from '../../../components/Notifier';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { usePostOrder } from '../api/secondary';
import {
  ethText,
  localInstant,
  priceWei,
  sellProblems,
  sellReady,
  toLocalInput,
  totalWei,
  wholeTokens,
  type SellForm,
} from '../api/rules';

/** A new order's expiry unless the seller changes it: a week. */
const DEFAULT_EXPIRY_MS = 7 * 86_400_000;

/**
 * 'Sell' (ADR 75): whole tokens up to what is free, a price per token in ETH and an expiry. The
 * tokens are locked on chain when it is sent; refusals (frozen, locked up, paused) show in the red
 * banner. Submit waits for a valid form and says 'Processing...' while the server answers.
 */
export function SellOrderDialog({
  token,
  free,
  onClose,
}: {
  token: { id: string; symbol: string };
  /** Whole tokens the seller may put up for sale, as the books know them. */
  free: bigint;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const post = usePostOrder();
  const [form, setForm] = useState<SellForm>(() => ({
    amount: '',
    price: '',
    expires: toLocalInput(new Date(Date.now() + DEFAULT_EXPIRY_MS)),
  }));
  const [general, setGeneral] = useState<string>();
  const problems = useMemo(
    () => sellProblems(form, { free, symbol: token.symbol, now: new Date() }),
    [form, free, token.symbol],
  );
  const amount = wholeTokens(form.amount);
  const price = priceWei(form.price);

  const set = (field: keyof SellForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setGeneral(undefined);
  };

  const submit = () => {
    const expires = localInstant(form.expires);
    if (!sellReady(form, problems) || amount === undefined || price === undefined || !expires) return;
    setGeneral(undefined);
    post.mutate(
      {
        tokenId: token.id,
        amount: amount.toString(),
        pricePerTokenWei: price.toString(),
        expiresAt: expires.toISOString(),
      },
      {
        onSuccess: () => {
          notify(t('secondary.sell.posted', { amount: amount.toString(), symbol: token.symbol }));
          onClose();
        },
        onError: (error) => setGeneral(error.message),
      },
    );
  };

  return (
    <FormDialog
      title={t('secondary.sell.title', { symbol: token.symbol })}
      submitLabel={post.isPending ? t('purchase.processing') : t('secondary.sell.submit')}
      cancelLabel={t('secondary.close')}
      busy={post.isPending}
      invalid={!sellReady(form, problems)}
      error={message(general)}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2">{t('secondary.sell.description')}</Typography>
      <TextInput
        label={t('secondary.sell.amount', { symbol: token.symbol })}
        value={form.amount}
        onChange={set('amount')}
        inputMode="numeric"
        autoComplete="off"
        placeholder="0"
        required
        disabled={post.isPending}
        error={message(problems.amount)}
        hint={t('secondary.sell.amountHint', { free: free.toString(), symbol: token.symbol })}
        inputProps={{ 'data-testid': 'sell-amount' }}
      />
      <TextInput
        label={t('secondary.sell.price')}
        value={form.price}
        onChange={set('price')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.001"
        required
        disabled={post.isPending}
        error={message(problems.price)}
        inputProps={{ 'data-testid': 'sell-price' }}
      />
      <TextInput
        label={t('secondary.sell.expires')}
        type="datetime-local"
        value={form.expires}
        onChange={set('expires')}
        required
        disabled={post.isPending}
        error={message(problems.expires)}
        inputProps={{ 'data-testid': 'sell-expires' }}
      />
      <Box
        component="dl"
        data-testid="sell-summary"
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: '1fr 1fr',
          margin: 0,
          bgcolor: 'action.hover',
          borderRadius: 2,
          padding: 2,
        }}
      >
        <Detail term={t('secondary.sell.summaryAmount')}>
          <span dir="ltr">{`${amount ?? 0n} ${token.symbol}`}</span>
        </Detail>
        <Detail term={t('secondary.sell.summaryTotal')}>
          <span dir="ltr" data-testid="sell-total">
            {t('marketplace.eth', { amount: ethText(price === undefined ? 0n : totalWei(amount, price)) })}
          </span>
        </Detail>
      </Box>
    </FormDialog>
  );
}
