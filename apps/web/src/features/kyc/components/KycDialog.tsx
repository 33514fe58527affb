import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKycVerification } from './use-kyc-verification';

/** docs/product.md §9: the widget's container is at least 500 px high. */
const CONTAINER_MIN_HEIGHT = 500;

/**
 * 'Identity Verification' (docs/product.md §2.11, §4.6): the provider's widget in an iframe (full width,
 * its height following its content, light theme, the user's language), with a Close button.
 */
export function KycDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const kyc = useKycVerification({ open, container, onClose });

  return (
    <Dialog
      open={open}
      // A stray click beside the form must not throw away what was typed into it.
      onClose={(_event, reason) => reason !== 'backdropClick' && kyc.requestClose()}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="kyc-dialog-title"
    >
      <DialogTitle id="kyc-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {t('kyc.title')}
        </Box>
        <IconButton
          onClick={kyc.requestClose}
          disabled={kyc.busy}
          aria-label={t('common.close')}
          sx={{ marginInlineEnd: -1 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {kyc.phase === 'error' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={kyc.retry}>
                {t('kyc.tryAgain')}
              </Button>
            }
          >
            {kyc.error}
          </Alert>
        )}
        {kyc.notice && kyc.phase !== 'error' && <Alert severity="info">{kyc.notice}</Alert>}
        <Box
          sx={{
            position: 'relative',
            minHeight: CONTAINER_MIN_HEIGHT,
            display: kyc.phase === 'error' ? 'none' : 'block',
          }}
        >
          <Box
            ref={setContainer}
            data-testid="kyc-widget"
            sx={{
              width: '100%',
              minHeight: CONTAINER_MIN_HEIGHT,
              // The widget is always light; in the dark theme it sits on its own light card.
              bgcolor: '#fff',
              borderRadius: 2,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
              '& iframe': { display: 'block', width: '100%', border: 0 },
            }}
          />
          {kyc.busy && (
            <Box
              role="status"
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 2,
                borderRadius: 2,
                bgcolor: alpha(theme.palette.background.paper, 0.9),
              }}
            >
              <CircularProgress />
              <Typography sx={{ color: 'text.secondary' }}>
                {kyc.phase === 'syncing' ? t('kyc.syncing') : t('kyc.loading')}
              </Typography>
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={kyc.requestClose} disabled={kyc.busy}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
