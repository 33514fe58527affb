import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@portal/shared/messages';
import { AppButton } from '../../../components/AppButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';

/** Asks for the password before a grave change (deactivation, turning two-factor off). */
export function PasswordConfirmDialog({
  title,
  description,
  hint,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  description?: string;
  hint?: string;
  confirmLabel: string;
  /** Throws an ApiError (its `password` field message is shown) when refused. */
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(undefined);
    if (!password) return setError(messages.passwordRequired);
    setBusy(true);
    try {
      await onConfirm(password);
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.fields?.password ?? failure.message) : messages.internalError,
      );
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2 }}>
            {description && <DialogContentText>{description}</DialogContentText>}
            <PasswordInput
              label={t('fields.password')}
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              hint={hint}
              error={message(error)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <AppButton variant="ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </AppButton>
          <AppButton type="submit" variant="danger" loading={busy}>
            {confirmLabel}
          </AppButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
