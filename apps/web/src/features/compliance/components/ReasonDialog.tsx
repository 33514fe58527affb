import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { ReasonField } from './ReasonField';

/**
 * A decision taken with its reason (pausing a token, an accreditation): the reason is required;
 * `submit` runs the decision and reports a refusal through `fail`, shown under the reason when
 * the server names it, else on top.
 */
export function ReasonDialog({
  title,
  submitLabel,
  hint,
  busy,
  onClose,
  submit,
}: {
  title: string;
  submitLabel: string;
  hint: string;
  busy: boolean;
  onClose: () => void;
  submit: (reason: string, fail: (error: Error) => void) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [general, setGeneral] = useState<string>();
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      cancelLabel={t('common.cancel')}
      busy={busy}
      error={general}
      onClose={onClose}
      onSubmit={() => {
        setGeneral(undefined);
        if (!reason.trim()) {
          setReasonError(t('compliance.reasonRequired'));
          return;
        }
        submit(reason.trim(), (failure) => {
          const field = failure instanceof ApiError ? failure.fields?.reason : undefined;
          if (field) setReasonError(message(field));
          else setGeneral(message(failure.message) ?? failure.message);
        });
      }}
    >
      <Typography variant="body2">{hint}</Typography>
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setReasonError(undefined);
        }}
        error={reasonError}
        autoFocus
      />
    </FormDialog>
  );
}
