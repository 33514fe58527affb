import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMessage } from '../../../i18n/use-message';

/**
 * An error banner (docs/product.md §2.5): the product's message as the title ('Failed to create vault', 'Connection failed'…)
 * and, when it says more, the server's detail below it.
 */
export function ProblemAlert({
  title,
  error,
  onClose,
  sx,
}: {
  title: string;
  error: Error;
  onClose?: () => void;
  sx?: SxProps<Theme>;
}) {
  const message = useMessage();
  const detail = message(error.message);
  return (
    <Alert severity="error" onClose={onClose} sx={sx}>
      <AlertTitle sx={{ marginBlockEnd: detail && detail !== title ? 0.5 : 0 }}>{title}</AlertTitle>
      {detail !== title && detail}
    </Alert>
  );
}
