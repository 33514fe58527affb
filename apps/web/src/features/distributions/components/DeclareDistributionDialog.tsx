import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DeclareDistributionSchema,
  DISTRIBUTION_CURRENCIES,
  type DistributionBasis,
  type DistributionCurrency,
} from '@portal/shared/distributions';
import { FormDialog, fieldErrors, showServerError } from '../../../components/FormDialog';
import { useMessage } from '../../../i18n/use-message';
import { useDeclareDistribution } from '../api/distributions';

/** The browser's local "YYYY-MM-DDTHH:mm" for a moment `minutes` from now (datetime-local inputs). */
function localInput(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  at.setSeconds(0, 0);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const asIso = (local: string) => {
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
};

/**
 * Declares a distribution on one token (ADR 71): a total or a rate per token, in ETH or tUSD, a
 * record and a payment date, a memo. Disabled while invalid; one Idempotency-Key per dialog, so a
 * retried click declares once.
 */
export function DeclareDistributionDialog({
  token,
  onClose,
}: {
  token: { id: string; symbol: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const declare = useDeclareDistribution(token.id);
  const [key] = useState(() => `distribution-${crypto.randomUUID()}`);
  const [basis, setBasis] = useState<DistributionBasis>('total');
  const [currency, setCurrency] = useState<DistributionCurrency>('tUSD');
  const [values, setValues] = useState({
    amount: '',
    recordDate: localInput(60),
    paymentDate: localInput(24 * 60),
    memo: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string>();
  const body = {
    basis,
    currency,
    amount: values.amount.trim(),
    recordDate: asIso(values.recordDate),
    paymentDate: asIso(values.paymentDate),
    ...(values.memo.trim() ? { memo: values.memo.trim() } : {}),
  };
  const parsed = DeclareDistributionSchema.safeParse(body);

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: '' }));
    },
    error: Boolean(errors[name]),
    helperText: message(errors[name]),
    disabled: declare.isPending,
    fullWidth: true,
  });
  const submit = () => {
    setGeneral(undefined);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    declare.mutate(
      { tokenId: token.id, body: parsed.data, idempotencyKey: key },
      { onSuccess: onClose, onError: (error) => showServerError(error, setErrors, setGeneral) },
    );
  };

  return (
    <FormDialog
      title={t('distributions.declareTitle', { symbol: token.symbol })}
      submitLabel={declare.isPending ? t('purchase.processing') : t('distributions.declare')}
      cancelLabel={t('common.cancel')}
      busy={declare.isPending}
      invalid={!parsed.success}
      error={general && message(general)}
      onSubmit={submit}
      onClose={onClose}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={basis}
        onChange={(_, next: DistributionBasis | null) => next && setBasis(next)}
        aria-label={t('distributions.basis')}
        disabled={declare.isPending}
      >
        <ToggleButton value="total">{t('distributions.basisTotal')}</ToggleButton>
        <ToggleButton value="rate">{t('distributions.basisRate')}</ToggleButton>
      </ToggleButtonGroup>
      <TextField
        select
        label={t('distributions.currency')}
        value={currency}
        onChange={(event) => setCurrency(event.target.value as DistributionCurrency)}
        disabled={declare.isPending}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {DISTRIBUTION_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </TextField>
      <TextField
        label={
          basis === 'total'
            ? t('distributions.totalAmount', { currency })
            : t('distributions.rateAmount', { currency, symbol: token.symbol })
        }
        required
        {...field('amount')}
        slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'distribution-amount' } }}
      />
      <TextField
        label={t('distributions.recordDate')}
        type="datetime-local"
        required
        {...field('recordDate')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'distribution-record' } }}
      />
      <TextField
        label={t('distributions.paymentDate')}
        type="datetime-local"
        required
        {...field('paymentDate')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'distribution-payment' } }}
      />
      <TextField
        label={t('distributions.memo')}
        {...field('memo')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('distributions.rules')}
      </Typography>
    </FormDialog>
  );
}
