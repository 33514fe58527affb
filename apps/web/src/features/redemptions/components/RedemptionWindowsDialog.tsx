import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OpenRedemptionWindowRequestSchema,
  REDEMPTION_CURRENCIES,
  type RedemptionCurrency,
} from '@portal/shared/redemptions';
import { AppButton } from '../../../components/AppButton';
import { fieldErrors, showServerError } from '../../../components/FormDialog';
import { WideDialog } from '../../../components/WideDialog';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { useOpenWindow, useWindows } from '../api/redemptions';
import { price } from './money';

/** A `datetime-local` value (the user's clock) some days ahead. */
function localDateTime(daysAhead: number): string {
  const date = new Date(Date.now() + daysAhead * 86_400_000);
  date.setSeconds(0, 0);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const toIso = (local: string) => {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};
const newKey = () => `window-${crypto.randomUUID()}`;

function OpenWindowForm({ tokenId }: { tokenId: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const open = useOpenWindow(tokenId);
  const [key, setKey] = useState(newKey);
  const [form, setForm] = useState({
    currency: 'ETH' as RedemptionCurrency,
    price: '',
    cap: '',
    opensAt: localDateTime(0),
    closesAt: localDateTime(7),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string>();
  const body = { ...form, opensAt: toIso(form.opensAt), closesAt: toIso(form.closesAt) };
  const valid = OpenRedemptionWindowRequestSchema.safeParse(body).success;

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };
  const submit = () => {
    setGeneral(undefined);
    const parsed = OpenRedemptionWindowRequestSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    open.mutate(
      { tokenId, body, idempotencyKey: key },
      {
        onSuccess: () => {
          setKey(newKey());
          setForm((current) => ({ ...current, price: '', cap: '' }));
        },
        onError: (error) => showServerError(error, setErrors, setGeneral),
      },
    );
  };
  const common = (name: keyof typeof form) => ({
    value: form[name],
    onChange: set(name),
    error: Boolean(errors[name]),
    helperText: message(errors[name]),
    disabled: open.isPending,
    fullWidth: true,
    slotProps: { inputLabel: { shrink: true } },
  });
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="redemption-window-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <Typography
        id="redemption-window-form"
        variant="subtitle1"
        component="h3"
        sx={{ gridColumn: '1 / -1' }}
      >
        {t('redemptions.issuer.newWindow')}
      </Typography>
      {general && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {message(general)}
        </Alert>
      )}
      <TextField
        select
        label={t('redemptions.issuer.currency')}
        {...common('currency')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {REDEMPTION_CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </TextField>
      <TextField
        label={t('redemptions.issuer.price', { currency: form.currency })}
        required
        {...common('price')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'decimal', 'data-testid': 'window-price' },
        }}
      />
      <TextField
        label={t('redemptions.issuer.cap')}
        required
        {...common('cap')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', 'data-testid': 'window-cap' },
        }}
      />
      <TextField
        label={t('redemptions.issuer.opensAt')}
        type="datetime-local"
        required
        {...common('opensAt')}
      />
      <TextField
        label={t('redemptions.issuer.closesAt')}
        type="datetime-local"
        required
        {...common('closesAt')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'window-closes' } }}
      />
      <Typography variant="body2" sx={{ gridColumn: '1 / -1', color: 'text.secondary' }}>
        {t('redemptions.issuer.settlementNote')}
      </Typography>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <AppButton
          type="submit"
          loading={open.isPending}
          disabled={!valid || open.isPending}
          data-testid="window-submit"
        >
          {open.isPending ? t('purchase.processing') : t('redemptions.issuer.submit')}
        </AppButton>
      </Box>
    </Box>
  );
}

/** The issuer console's redemption windows of one token: the list and a form to open one (ADR 72). */
export function RedemptionWindowsDialog({
  token,
  onClose,
}: {
  token: { id: string; name: string; symbol: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const windows = useWindows(token.id);
  return (
    <WideDialog
      title={t('redemptions.issuer.titleOf', { name: token.name, symbol: token.symbol })}
      onClose={onClose}
      testId="redemption-windows-dialog"
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {windows.isError && <Alert severity="error">{message(windows.error.message)}</Alert>}
        {windows.data?.length === 0 && <Typography>{t('redemptions.issuer.empty')}</Typography>}
        {windows.data && windows.data.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label={t('redemptions.issuer.listLabel', { symbol: token.symbol })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('redemptions.issuer.statusColumn')}</TableCell>
                  <TableCell>{t('redemptions.issuer.priceColumn')}</TableCell>
                  <TableCell>{t('redemptions.issuer.cap')}</TableCell>
                  <TableCell>{t('redemptions.issuer.opensAt')}</TableCell>
                  <TableCell>{t('redemptions.issuer.closesAt')}</TableCell>
                  <TableCell>{t('redemptions.issuer.requested')}</TableCell>
                  <TableCell>{t('redemptions.accepted')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {windows.data.map((window) => (
                  <TableRow key={window.id} data-testid="redemption-window-row">
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={
                          window.status === 'SETTLED'
                            ? 'success'
                            : window.status === 'OPEN'
                              ? 'warning'
                              : 'default'
                        }
                        label={t(`redemptions.issuer.status.${window.status}`)}
                        data-testid="redemption-window-status"
                      />
                    </TableCell>
                    <TableCell dir="ltr">{price(window.price, window)}</TableCell>
                    <TableCell>{window.cap}</TableCell>
                    <TableCell>{formatDateTime(window.opensAt, i18n.language)}</TableCell>
                    <TableCell>{formatDateTime(window.closesAt, i18n.language)}</TableCell>
                    <TableCell>{window.requested}</TableCell>
                    <TableCell data-testid="redemption-window-accepted">{window.accepted ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <OpenWindowForm tokenId={token.id} />
      </Box>
    </WideDialog>
  );
}
