import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type Ref, useId } from 'react';

export interface TextInputProps extends Omit<
  OutlinedInputProps,
  'error' | 'label' | 'inputRef' | 'ref' | 'notched'
> {
  label: string;
  /** The message under the field; its presence marks the field invalid. */
  error?: string | undefined;
  /** Hint shown under the field while there is no error. */
  hint?: string;
  /** react-hook-form's `register()` ref lands on the native input. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The shared input of docs/product.md §2.17: label, value, placeholder, error text, required (asterisk) and
 * disabled. The label sits above the field so the placeholder is always visible. Built from the
 * input parts rather than TextField, which would also ship Select and its menus to every form.
 */
export function TextInput({
  label,
  error,
  hint,
  required,
  disabled,
  fullWidth = true,
  id,
  ref,
  sx,
  ...input
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helper = error ?? hint;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl fullWidth={fullWidth} required={required} disabled={disabled} error={Boolean(error)} sx={sx}>
      <InputLabel htmlFor={inputId} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={inputId}
        inputRef={ref}
        notched
        label={label}
        aria-describedby={helper ? helperId : undefined}
        // Addresses read left to right in every language.
        slotProps={input.type === 'email' ? { input: { dir: 'ltr' } } : undefined}
        {...input}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
