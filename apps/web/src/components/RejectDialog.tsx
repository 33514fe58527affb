import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@portal/shared/messages';
import { FormDialog } from './FormDialog';
import { useMessage } from '../i18n/use-message';

/**
 * A rejection with its reason (KYC and KYB queues): the reason is required; `reject` runs the
 * decision and reports a failure through `fail`, which the dialog shows under the reason.
 */
export function RejectDialog({
  title,
  submitLabel,
  reasonLabel,
  maxLength,
  busy,
  onClose,
  reject,
  requiredText,
  children,
}: {
  title: string;
  submitLabel: string;
  reasonLabel: string;
  maxLength: number;
  busy: boolean;
  onClose: () => void;
  reject: (reason: string, fail: (error: Error) => void) => void;
  /** What an empty reason is told; a rejection's by default. */
  requiredText?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      cancelLabel={t('common.cancel')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        if (!reason.trim()) {
          setError(requiredText ?? message(messages.kycReasonRequired));
          return;
        }
        reject(reason.trim(), (failure) => setError(message(failure.message) ?? failure.message));
      }}
    >
      <TextField
        label={reasonLabel}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        required
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength } }}
        autoFocus
      />
      {children}
    </FormDialog>
  );
}
