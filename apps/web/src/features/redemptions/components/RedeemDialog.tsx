import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RedemptionRequestBodySchema, type RedemptionWindow } from '@portal/shared/redemptions';
import { FormDialog, fieldErrors, showServerError } from '../../../components/FormDialog';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { useRequestRedemption } from '../api/redemptions';
import { price } from './money';

const newKey = () => `redeem-${crypto.randomUUID()}`;

/**
 * 'Redeem' on a holding (ADR 72): the window's price, cap and closing date, and the whole tokens to
 * redeem. Submitting locks them on chain at once; refusals (a frozen or locked-up holding, more than
 * is free) show in the red banner.
 */
export function RedeemDialog({
  window,
  free,
  onClose,
}: {
  window: RedemptionWindow;
  /** Whole tokens the holder could redeem, as the books know them. */
  free: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const request = useRequestRedemption();
  const [amount, setAmount] = useState('');
  const [key] = useState(newKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string>();
  const whole = /^\d+$/.test(amount.trim()) ? BigInt(amount.trim()) : undefined;

  const submit = () => {
    setGeneral(undefined);
    const parsed = RedemptionRequestBodySchema.safeParse({ amount });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    request.mutate(
      { windowId: window.id, amount: parsed.data.amount, idempotencyKey: key },
      { onSuccess: onClose, onError: (error) => showServerError(error, setErrors, setGeneral) },
    );
  };

  return (
    <FormDialog
      title={t('redemptions.dialogTitle', { symbol: window.symbol })}
      submitLabel={request.isPending ? t('purchase.processing') : t('redemptions.submit')}
      cancelLabel={t('redemptions.close')}
      busy={request.isPending}
      error={message(general)}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2">
        {t('redemptions.dialogDescription', {
          cap: window.cap,
          symbol: window.symbol,
          price: price(window.price, window),
          date: formatDateTime(window.closesAt, i18n.language),
        })}
      </Typography>
      <TextField
        label={t('redemptions.amount')}
        required
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setErrors({});
        }}
        error={Boolean(errors.amount)}
        disabled={request.isPending}
        helperText={
          message(errors.amount) ?? t('redemptions.amountHint', { max: free, symbol: window.symbol })
        }
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', 'data-testid': 'redeem-amount' },
        }}
      />
      {whole !== undefined && whole > 0n && (
        <Typography variant="body2" data-testid="redeem-estimate">
          {t('redemptions.estimate', { payment: price((whole * BigInt(window.price)).toString(), window) })}
        </Typography>
      )}
    </FormDialog>
  );
}
