import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TransferRequestSchema, type TransferRequest } from '@portal/shared/transfers';
import { FormDialog, fieldErrors } from '../../../components/FormDialog';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { EligibilityAlert, refusalOf, useEligibilityText } from '../../compliance';
import { useLinkedWallets } from '../../settings';
import { checkTransfer, useSendTransfer } from '../api/transfers';

const newKey = () => `transfer-${crypto.randomUUID()}`;
/** The check waits for typing to pause: each check of a handle counts against a limit (ADR 76). */
const CHECK_DELAY_MS = 400;

/**
 * 'Send' on a holding (docs/product.md §2.10; ADR 76): to another investor by the handle they
 * gave me, or to one of my linked wallets. The token's answer for the amount and receiver ("why
 * not") shows before sending; Send stays disabled until the form is valid and the answer is yes.
 */
export function SendDialog({
  token,
  free,
  onClose,
}: {
  token: { id: string; symbol: string };
  /** What the sender may send now, in the token's decimal notation (books: balance − frozen). */
  free: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const eligibilityText = useEligibilityText();
  const wallets = useLinkedWallets();
  const send = useSendTransfer();
  const [mode, setMode] = useState<'handle' | 'wallet'>('handle');
  const [handle, setHandle] = useState('');
  const [wallet, setWallet] = useState('');
  const [amount, setAmount] = useState('');
  const [key, setKey] = useState(newKey);
  const [general, setGeneral] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const body: TransferRequest = {
    tokenId: token.id,
    amount,
    to: mode === 'handle' ? { handle } : { wallet },
  };
  const parsed = TransferRequestSchema.safeParse(body);
  // The body last checked, as text: a check runs once typing has paused on a valid body.
  const [checked, setChecked] = useState('');
  const wanted = parsed.success ? JSON.stringify(body) : '';
  useEffect(() => {
    if (!wanted) return;
    const timer = setTimeout(() => setChecked(wanted), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const current = checked !== '' && checked === wanted;
  const check = useQuery({
    queryKey: ['transfer-check', checked],
    queryFn: () => checkTransfer(JSON.parse(checked) as TransferRequest),
    enabled: current,
    retry: false,
    staleTime: 10_000,
  });
  const answer = current ? check.data : undefined;
  const refusal = answer ? eligibilityText(answer.eligibility) : undefined;
  const checkError = current && check.error instanceof ApiError ? check.error : undefined;
  const targetError =
    checkError && (checkError.fields?.to ?? (checkError.status === 404 ? checkError.message : undefined));

  const submit = () => {
    setGeneral(undefined);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    send.mutate(
      { body: parsed.data, idempotencyKey: key },
      {
        onSuccess: onClose,
        onError: (error) => {
          // A refusal is final: the next attempt is a new submission with a new key.
          if (error instanceof ApiError && error.status < 500) setKey(newKey());
          const refused = refusalOf(error);
          if (refused) return setGeneral(eligibilityText(refused) ?? error.message);
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          else setGeneral(error.message);
        },
      },
    );
  };
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors({});
      setGeneral(undefined);
    };
  const fieldError = (field: string) => message(errors[field]);
  const linked = wallets.data ?? [];

  return (
    <FormDialog
      title={t('transfers.dialogTitle', { symbol: token.symbol })}
      submitLabel={send.isPending ? t('purchase.processing') : t('transfers.submit')}
      cancelLabel={t('transfers.cancel')}
      busy={send.isPending}
      invalid={!parsed.success || !answer?.eligibility.eligible}
      error={message(general)}
      onSubmit={submit}
      onClose={onClose}
    >
      <RadioGroup
        aria-label={t('transfers.to')}
        value={mode}
        onChange={(event) => edit(setMode)(event.target.value as 'handle' | 'wallet')}
        row
      >
        <FormControlLabel
          value="handle"
          control={<Radio />}
          label={t('transfers.toHandle')}
          disabled={send.isPending}
          data-testid="transfer-to-handle"
        />
        <FormControlLabel
          value="wallet"
          control={<Radio />}
          label={t('transfers.toWallet')}
          disabled={send.isPending}
          data-testid="transfer-to-wallet"
        />
      </RadioGroup>
      {mode === 'handle' ? (
        <TextField
          label={t('transfers.handle')}
          required
          value={handle}
          onChange={(event) => edit(setHandle)(event.target.value)}
          error={Boolean(errors.to ?? targetError)}
          disabled={send.isPending}
          helperText={fieldError('to') ?? message(targetError) ?? t('transfers.handleHint')}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { dir: 'ltr', autoCapitalize: 'characters', 'data-testid': 'transfer-handle' },
          }}
        />
      ) : linked.length === 0 ? (
        <Typography variant="body2" data-testid="transfer-no-wallets">
          {t('transfers.noWallets')}
        </Typography>
      ) : (
        <TextField
          select
          label={t('transfers.wallet')}
          required
          value={wallet}
          onChange={(event) => edit(setWallet)(event.target.value)}
          error={Boolean(errors.to ?? targetError)}
          disabled={send.isPending}
          helperText={fieldError('to') ?? message(targetError)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'transfer-wallet' } }}
        >
          {linked.map((entry) => (
            <MenuItem key={entry.id} value={entry.address} dir="ltr">
              {entry.address}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label={t('transfers.amount')}
        required
        value={amount}
        onChange={(event) => edit(setAmount)(event.target.value)}
        error={Boolean(errors.amount)}
        disabled={send.isPending}
        helperText={fieldError('amount') ?? t('transfers.amountHint', { max: free, symbol: token.symbol })}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'transfer-amount' },
        }}
      />
      <EligibilityAlert refusal={refusal} />
      {answer?.eligibility.eligible && (
        <Typography variant="body2" sx={{ color: 'success.main' }} data-testid="transfer-recipient">
          {answer.recipient.kind === 'withdrawal'
            ? t('transfers.recipientWallet')
            : t('transfers.recipientPeer')}
        </Typography>
      )}
    </FormDialog>
  );
}
