import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateListingRequestSchema,
  LISTING_KINDS,
  type IssuerToken,
  type ListingKind,
} from '@portal/shared/issuer';
import { useMessage } from '../../../i18n/use-message';
import { useCreateListing } from '../api/listings';
import { FormDialog, fieldErrors, showServerError } from '../../../components/FormDialog';

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

/** 'Create Listing': token, sale type, amount, price per token in ETH and deadline. */
export function CreateListingDialog({
  tokens,
  onClose,
  onCreated,
}: {
  /** Deployed tokens, the only ones that can be listed. */
  tokens: IssuerToken[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const create = useCreateListing();
  const [form, setForm] = useState({
    tokenId: tokens[0]?.id ?? '',
    kind: 'escrow' as ListingKind,
    tokenAmount: '',
    priceETH: '',
    deadline: localDateTime(30),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string>();
  const token = tokens.find((item) => item.id === form.tokenId);

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  const submit = () => {
    setGeneral(undefined);
    const parsed = CreateListingRequestSchema.safeParse({ ...form, deadline: toIso(form.deadline) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: onCreated,
      onError: (error) => {
        showServerError(error, setErrors, setGeneral);
      },
    });
  };

  const common = (name: keyof typeof form) => ({
    value: form[name],
    onChange: set(name),
    error: Boolean(errors[name]),
    disabled: create.isPending,
    fullWidth: true,
  });

  return (
    <FormDialog
      title={t('issuer.listingForm.title')}
      submitLabel={t('issuer.listingForm.submit')}
      cancelLabel={t('issuer.listingForm.cancel')}
      busy={create.isPending}
      error={message(general)}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        label={t('issuer.listingForm.token')}
        {...common('tokenId')}
        helperText={message(errors.tokenId)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {tokens.map((item) => (
          <option key={item.id} value={item.id}>
            {`${item.name} (${item.symbol})`}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label={t('issuer.listingForm.kind')}
        {...common('kind')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {LISTING_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`marketplace.kinds.${kind}`)}
          </option>
        ))}
      </TextField>
      <TextField
        label={t('issuer.listingForm.amount')}
        required
        {...common('tokenAmount')}
        helperText={
          message(errors.tokenAmount) ??
          (token &&
            t('issuer.listingForm.amountHint', { available: token.treasuryAmount, symbol: token.symbol }))
        }
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label={t('issuer.listingForm.price')}
        required
        {...common('priceETH')}
        helperText={message(errors.priceETH)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label={t('issuer.listingForm.deadline')}
        type="datetime-local"
        required
        {...common('deadline')}
        helperText={message(errors.deadline)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
}
