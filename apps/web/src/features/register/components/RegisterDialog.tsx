import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RegisterTable } from './RegisterTable';

/** The issuer console's register of one of its tokens, over the token list. */
export function RegisterDialog({
  token,
  onClose,
}: {
  token: { id: string; name: string; symbol: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="register-dialog"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {t('register.titleOf', { name: token.name, symbol: token.symbol })}
        </Box>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <RegisterTable scope="issuer" tokenId={token.id} />
      </DialogContent>
    </Dialog>
  );
}
