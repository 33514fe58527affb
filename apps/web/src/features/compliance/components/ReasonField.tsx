import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Every enforcement action and accreditation is recorded with why (docs/product.md §4.12): at most 500 characters. */
export const REASON_MAX = 500;

/** The required "Reason" of an action, with its error under it. */
export function ReasonField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('compliance.reason')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      required
      error={Boolean(error)}
      helperText={error}
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
    />
  );
}
