import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messages } from '@portal/shared/messages';
import { AppButton } from '../../../components/AppButton';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { tabHref } from '../../../lib/dashboard-paths';
import { type SbtCreated, useCreateSbt } from '../api/create-sbt';
import { useSbtImages } from '../api/get-sbt-images';
import { DesignCard } from './DesignCard';

/** docs/product.md §8: the server's one-per-account refusal is recognised by this phrase. */
const ONLY_ONE_PHRASE = 'only create one SBT';

/**
 * docs/product.md §2.7, 'Choose Your SBT Design': pick one design, then
 * Create SBT. Its errors follow docs/product.md §8: the one-per-account refusal offers
 * 'View My SBT', any other failure 'Try Again'.
 */
export function CreateSbtDialog({
  initialDesign,
  onClose,
  onCreated,
  onViewMine,
  onVerify,
}: {
  initialDesign?: string;
  onClose: () => void;
  onCreated: (created: SbtCreated) => void;
  onViewMine: () => void;
  /** Opens identity verification: an SBT needs verified KYC. */
  onVerify: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const images = useSbtImages();
  const create = useCreateSbt(onCreated);
  const [selected, setSelected] = useState(initialDesign);
  const error = create.error;
  const onlyOne = error instanceof ApiError && error.message.includes(ONLY_ONE_PHRASE);

  const submit = () => {
    if (!selected) return;
    create.mutate(selected);
  };

  const designs = () => {
    if (images.isPending) {
      return (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={230} />
          ))}
        </Box>
      );
    }
    if (images.isError) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void images.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('messages.sbtLoadImagesFailed')}
        </Alert>
      );
    }
    if (images.data.length === 0) return <Alert severity="info">{t('messages.sbtImagesUnavailable')}</Alert>;
    return (
      <>
        <Box
          role="radiogroup"
          aria-label={t('sbt.dialog.choose')}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
        >
          {images.data.map((design) => (
            <DesignCard
              key={design.id}
              design={design}
              role="radio"
              selected={design.id === selected}
              onChoose={() => setSelected(design.id)}
            />
          ))}
        </Box>
        {!selected && (
          <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 2 }}>
            {t('messages.sbtSelectDesign')}
          </Typography>
        )}
      </>
    );
  };

  const failure = () => {
    if (!error) return null;
    if (onlyOne) return <Alert severity="info">{t('messages.sbtAlreadyHave')}</Alert>;
    // A DID, a vault and verified KYC come first: say which, and lead there.
    const verifyFirst = error.message === messages.sbtKycRequired;
    const prerequisite =
      error.message === messages.didRequired
        ? { to: tabHref('did'), label: t('sbt.dialog.goToDid') }
        : error.message === messages.vaultRequired
          ? { to: tabHref('vault'), label: t('sbt.dialog.goToVault') }
          : undefined;
    return (
      <Alert
        severity="error"
        action={
          verifyFirst ? (
            <Button color="inherit" size="small" onClick={onVerify}>
              {t('sbt.verifyIdentity')}
            </Button>
          ) : (
            prerequisite && (
              <Button color="inherit" size="small" component={RouterLink} to={prerequisite.to}>
                {prerequisite.label}
              </Button>
            )
          )
        }
      >
        <AlertTitle>{t('messages.sbtCreateFailed')}</AlertTitle>
        {error instanceof ApiError ? message(error.message) : t('sbt.createError')}
      </Alert>
    );
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-describedby="sbt-dialog-intro"
    >
      <DialogTitle>{t('sbt.dialog.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 2.5 }}>
          <div>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
              {t('sbt.dialog.choose')}
            </Typography>
            <Typography id="sbt-dialog-intro" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('sbt.dialog.intro')}
            </Typography>
          </div>
          {failure()}
          {designs()}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ paddingInline: 3, paddingBlock: 2 }}>
        {onlyOne ? (
          <AppButton onClick={onViewMine}>{t('sbt.dialog.viewMine')}</AppButton>
        ) : (
          <>
            <AppButton variant="ghost" onClick={onClose} disabled={create.isPending}>
              {t('sbt.dialog.cancel')}
            </AppButton>
            <AppButton onClick={submit} disabled={!selected} loading={create.isPending}>
              {error ? t('sbt.dialog.tryAgain') : t('sbt.dialog.create')}
            </AppButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
