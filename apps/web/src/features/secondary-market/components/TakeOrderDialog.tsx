import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondaryOrder } from '@portal/shared/secondary-market';
import { Detail } from '../../../components/Detail';
import { FormDialog } from '../../../components/FormDialog';
import { useNotify } from '../../../components/Notifier';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { EligibilityAlert, refusalOf, useEligibility, useEligibilityText } from '../../compliance';
import { useTakeOrder } from '../api/secondary';
import { ethText, takeProblem, totalWei, wholeTokens } from '../api/rules';

/**
 * 'Buy' on an order of the book (ADR 75): whole tokens up to what remains, the total in ETH paid
 * from the buyer's vault, and, asked as the amount is typed, whether the token's rules let this
 * buyer receive it, and if not why: the purchase dialog's answer and sentences (ADR 67). Buy waits
 * for a valid amount and a yes; a refusal by the server shows in the red banner.
 */
export function TakeOrderDialog({
  order,
  tokenName,
  onClose,
}: {
  order: SecondaryOrder;
  tokenName: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const take = useTakeOrder();
  const eligibilityText = useEligibilityText();
  const [amount, setAmount] = useState('');
  const [general, setGeneral] = useState<string>();
  const { symbol } = order;
  const problem = takeProblem(amount, { remaining: order.remaining, symbol });
  const tokens = problem ? undefined : wholeTokens(amount);
  const eligibility = useEligibility(order.tokenId, tokens?.toString(), true);
  const refusal = eligibility.data && eligibilityText(eligibility.data.eligibility);

  const submit = () => {
    if (tokens === undefined || refusal) return;
    setGeneral(undefined);
    take.mutate(
      { orderId: order.id, amount: tokens.toString() },
      {
        onSuccess: () => {
          notify(t('secondary.take.taken', { amount: tokens.toString(), symbol }));
          onClose();
        },
        onError: (error) => {
          const refused = refusalOf(error);
          setGeneral(refused ? (eligibilityText(refused) ?? error.message) : error.message);
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('secondary.take.title', { name: tokenName, symbol })}
      submitLabel={take.isPending ? t('purchase.processing') : t('secondary.take.submit')}
      cancelLabel={t('secondary.close')}
      busy={take.isPending}
      invalid={tokens === undefined || Boolean(refusal)}
      error={message(general)}
      onSubmit={submit}
      onClose={onClose}
    >
      <Box component="dl" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr', margin: 0 }}>
        <Detail term={t('secondary.book.remaining')}>
          <span dir="ltr">{`${order.remaining} ${symbol}`}</span>
        </Detail>
        <Detail term={t('secondary.book.price')}>
          <span dir="ltr">{t('marketplace.eth', { amount: ethText(order.pricePerTokenWei) })}</span>
        </Detail>
        <Detail term={t('secondary.book.expires')}>{formatDateTime(order.expiresAt, i18n.language)}</Detail>
      </Box>
      <TextInput
        label={t('secondary.take.amount', { symbol })}
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setGeneral(undefined);
        }}
        inputMode="numeric"
        autoComplete="off"
        placeholder="0"
        required
        disabled={take.isPending}
        error={message(problem)}
        hint={t('secondary.take.amountHint', { remaining: order.remaining, symbol })}
        inputProps={{ 'data-testid': 'take-amount' }}
      />
      <EligibilityAlert refusal={refusal} />
      <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, padding: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('secondary.take.total')}{' '}
          <span dir="ltr" data-testid="take-total">
            {t('marketplace.eth', { amount: ethText(totalWei(tokens, order.pricePerTokenWei)) })}
          </span>
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('secondary.take.paidFrom')}
        </Typography>
      </Box>
    </FormDialog>
  );
}
