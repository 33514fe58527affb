import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { AppButton } from './AppButton';
import { ApiError } from '../lib/api-client';

/** A dialog around one form: a general error on top, Cancel and submit below; it stays open while busy. */
export function FormDialog(props: {
  title: string;
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** The submit button stays disabled while the form cannot be sent. */
  invalid?: boolean;
  error?: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const close = () => {
    if (!props.busy) props.onClose();
  };
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={id}>
      <DialogTitle id={id}>{props.title}</DialogTitle>
      <DialogContent dividers>
        <Stack
          component="form"
          id={`${id}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
          sx={{ gap: 2.5, paddingBlockStart: 1 }}
        >
          {props.error && <Alert severity="error">{props.error}</Alert>}
          {props.children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <AppButton variant="ghost" onClick={close} disabled={props.busy}>
          {props.cancelLabel}
        </AppButton>
        <AppButton
          type="submit"
          form={`${id}-form`}
          loading={props.busy}
          disabled={props.busy || props.invalid}
        >
          {props.submitLabel}
        </AppButton>
      </DialogActions>
    </Dialog>
  );
}

/** Zod issues as one message per top-level field (the first one wins). */
export function fieldErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A refused form: the server's per-field messages under their fields, else its text on top. */
export function showServerError(
  error: Error,
  setErrors: (errors: Record<string, string>) => void,
  setGeneral: (message: string) => void,
): void {
  if (error instanceof ApiError && error.fields) setErrors(error.fields);
  else setGeneral(error.message);
}
