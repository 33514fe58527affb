import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

export type AppButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type AppButtonSize = 'sm' | 'md' | 'lg';

export interface AppButtonProps extends Omit<ButtonProps, 'variant' | 'size' | 'color' | 'href'> {
  variant?: AppButtonVariant;
  size?: AppButtonSize;
  /** A loading button is disabled and shows a spinner (docs/product.md §2.17). */
  loading?: boolean;
  /** Renders a link to this in-app path instead of a button. */
  to?: string;
}

const looks: Record<AppButtonVariant, Pick<ButtonProps, 'variant' | 'color'>> = {
  primary: { variant: 'contained', color: 'primary' },
  secondary: { variant: 'contained', color: 'secondary' },
  outline: { variant: 'outlined', color: 'primary' },
  ghost: { variant: 'text', color: 'primary' },
  danger: { variant: 'contained', color: 'error' },
};

const sizes: Record<AppButtonSize, ButtonProps['size']> = { sm: 'small', md: 'medium', lg: 'large' };

export function AppButton({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  to,
  sx,
  ...rest
}: AppButtonProps) {
  const props: ButtonProps = {
    ...looks[variant],
    size: sizes[size],
    loading,
    loadingPosition: 'start',
    disabled: disabled || loading,
    sx: { minHeight: size === 'lg' ? 48 : undefined, ...sx },
    ...rest,
  };
  return to ? <Button component={RouterLink} to={to} {...props} /> : <Button {...props} />;
}
