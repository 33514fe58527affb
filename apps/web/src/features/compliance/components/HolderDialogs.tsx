import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenHolder } from '@portal/shared/compliance';
import { FormDialog } from '../../../components/FormDialog';
import { RejectDialog } from '../../../components/RejectDialog';
import { useNotify } from '../../../components/Notifier';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { holderLabel } from '../../register';
import { useComplianceAction, type ComplianceAction } from '../api/compliance';
import { AMOUNT, compareDecimal } from '../api/decimal';
import { REASON_MAX, ReasonField } from './ReasonField';

export type HolderActionKind = 'freeze' | 'forced-transfer' | 'recover';

/** The treasury as the receiver of a forced transfer (the request's null). */
const TREASURY = 'treasury';

type Errors = Record<string, string | undefined>;

/**
 * One holder's enforcement action (docs/product.md §4.12): Freeze (the amount kept frozen, 0
 * unfreezes), Forced transfer (to another holder or the treasury) or Recover wallet (to another
 * address of the same verified investor), each with its reason. Checked here as the server
 * checks, and the server's field errors shown under their fields.
 */
export function HolderActionDialog({
  tokenId,
  kind,
  holder,
  holders,
  symbol,
  onClose,
}: {
  tokenId: string;
  kind: HolderActionKind;
  holder: TokenHolder;
  holders: TokenHolder[];
  symbol: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const act = useComplianceAction(tokenId);
  const [amount, setAmount] = useState(kind === 'freeze' && holder.frozen !== '0' ? holder.frozen : '');
  const [receiver, setReceiver] = useState(TREASURY);
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string>();
  const others = holders.filter((other) => other.holderId !== holder.holderId);

  const check = (): Errors => {
    const found: Errors = {};
    if (!reason.trim()) found.reason = t('compliance.reasonRequired');
    if (kind === 'recover') {
      if (!address.trim()) found.newAddress = t('compliance.holders.addressRequired');
      else if (address.trim() === holder.address) found.newAddress = t('compliance.holders.addressSame');
      return found;
    }
    const typed = amount.trim();
    if (!AMOUNT.test(typed)) found.amount = t('compliance.rules.amountInvalid');
    else if (compareDecimal(typed, holder.balance) > 0) found.amount = t('messages.complianceAmountTooLarge');
    else if (kind === 'forced-transfer' && !/[1-9]/.test(typed))
      found.amount = t('compliance.holders.amountPositive');
    return found;
  };

  const action = (): ComplianceAction => {
    const why = reason.trim();
    if (kind === 'freeze')
      return { kind, body: { holderId: holder.holderId, amount: amount.trim(), reason: why } };
    if (kind === 'forced-transfer')
      return {
        kind,
        body: {
          fromHolderId: holder.holderId,
          toHolderId: receiver === TREASURY ? null : receiver,
          amount: amount.trim(),
          reason: why,
        },
      };
    return { kind, body: { holderId: holder.holderId, newAddress: address.trim(), reason: why } };
  };

  const submit = () => {
    setGeneral(undefined);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    act.mutate(action(), {
      onSuccess: () => {
        notify(t('compliance.holders.sent'), 'success');
        onClose();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (fields) {
          setErrors(Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, message(text)])));
          const placed = ['amount', 'reason', 'newAddress', 'toHolderId'].some((key) => fields[key]);
          if (!placed) setGeneral(message(error.message) ?? error.message);
        } else setGeneral(message(error.message) ?? error.message);
      },
    });
  };

  const clear = (field: string) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  return (
    <FormDialog
      title={t(`compliance.holders.${kind}Title`, { holder: holderLabel(holder) })}
      submitLabel={t(`compliance.holders.${kind}`)}
      cancelLabel={t('common.cancel')}
      busy={act.isPending}
      error={general}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography variant="body2">
        {t(`compliance.holders.${kind}Hint`, {
          balance: holder.balance,
          frozen: holder.frozen,
          symbol,
        })}
      </Typography>
      {kind === 'forced-transfer' && (
        <TextField
          select
          label={t('compliance.holders.to')}
          value={receiver}
          onChange={(event) => {
            setReceiver(event.target.value);
            clear('toHolderId');
          }}
          error={Boolean(errors.toHolderId)}
          helperText={errors.toHolderId}
        >
          <MenuItem value={TREASURY}>{t('compliance.holders.treasury')}</MenuItem>
          {others.map((other) => (
            <MenuItem key={other.holderId} value={other.holderId}>
              {holderLabel(other)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {kind === 'recover' ? (
        <TextInput
          label={t('compliance.holders.newAddress')}
          hint={t('compliance.holders.newAddressHint')}
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            clear('newAddress');
          }}
          autoComplete="off"
          required
          error={errors.newAddress}
          slotProps={{ input: { dir: 'ltr' } }}
        />
      ) : (
        <TextInput
          label={t(kind === 'freeze' ? 'compliance.holders.frozenAmount' : 'compliance.holders.amount', {
            symbol,
          })}
          hint={kind === 'freeze' ? t('compliance.holders.unfreezeHint') : undefined}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            clear('amount');
          }}
          inputMode="decimal"
          autoComplete="off"
          required
          error={errors.amount}
        />
      )}
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          clear('reason');
        }}
        error={errors.reason}
      />
    </FormDialog>
  );
}

/** Pausing or resuming every transfer of the token, with its reason. */
export function PauseDialog({
  tokenId,
  paused,
  onClose,
}: {
  tokenId: string;
  paused: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const act = useComplianceAction(tokenId);
  const next = !paused;
  return (
    <RejectDialog
      title={t(next ? 'compliance.pause.pauseTitle' : 'compliance.pause.resumeTitle')}
      submitLabel={t(next ? 'compliance.pause.pause' : 'compliance.pause.resume')}
      reasonLabel={t('compliance.reason')}
      requiredText={t('compliance.reasonRequired')}
      maxLength={REASON_MAX}
      busy={act.isPending}
      onClose={onClose}
      reject={(reason, fail) =>
        act.mutate(
          { kind: 'pause', body: { paused: next, reason } },
          {
            onSuccess: () => {
              notify(t('compliance.holders.sent'), 'success');
              onClose();
            },
            onError: fail,
          },
        )
      }
    >
      <Typography variant="body2">
        {t(next ? 'compliance.pause.pauseHint' : 'compliance.pause.resumeHint')}
      </Typography>
    </RejectDialog>
  );
}
