import Add from '@mui/icons-material/Add';
import TokenOutlined from '@mui/icons-material/TokenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppButton } from '../../../components/AppButton';
import { EmptyState } from '../../../components/EmptyState';
import { useNotify } from '../../../components/Notifier';
import { PageHeader } from '../../../components/PageHeader';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { useProfile } from '../../auth';
import { KycDialog } from '../../kyc';
import type { SbtCreated } from '../api/create-sbt';
import { useSbtImages } from '../api/get-sbt-images';
import { SBT_REFRESH_DELAY_MS, sbtListQueryKey, useSbts } from '../api/list-sbts';
import { useMintSbt } from '../api/mint-sbt';
import { CREATE_PARAM } from '../create-link';
import { CreateSbtDialog } from './CreateSbtDialog';
import { DesignCard } from './DesignCard';
import { SbtCard } from './SbtCard';

/**
 * docs/product.md §2.7: 'Create New SBT' only without one (one per account, docs/product.md §4.5), else the limit
 * notice; the user's SBT with live minting progress, or 'No SBTs Yet'; the available templates.
 * An SBT stands for a verified identity, so until KYC is verified the tab asks for it first; a
 * revoked SBT no longer counts, and the tab says why it went.
 */
export function SbtTab() {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const sbts = useSbts();
  const images = useSbtImages();
  const mint = useMintSbt();
  const profile = useProfile();
  const [verifying, setVerifying] = useState(false);
  const [dialog, setDialog] = useState<{ design?: string; fromLink?: boolean } | null>(() =>
    params.get(CREATE_PARAM) === '1' ? { fromLink: true } : null,
  );

  // docs/product.md §4.5: the first listed SBT is the one used; a revoked one is history.
  const sbt = sbts.data?.find((listed) => listed.status !== 'revoked');
  const revoked = !sbt && sbts.data?.some((listed) => listed.status === 'revoked');
  const canCreate = sbts.isSuccess && !sbt;
  const mustVerify = canCreate && profile.isSuccess && profile.data.kycStatus !== 'verified';

  const closeDialog = () => {
    setDialog(null);
    if (params.has(CREATE_PARAM)) {
      const rest = new URLSearchParams(params);
      rest.delete(CREATE_PARAM);
      setParams(rest, { replace: true });
    }
  };

  const verify = () => {
    closeDialog();
    setVerifying(true);
  };

  const startMint = (sbtId: string) =>
    mint.mutate(sbtId, {
      onError: (error) =>
        notify(
          error instanceof ApiError
            ? t('sbt.createFailed', { message: message(error.message) })
            : t('sbt.createError'),
          'error',
        ),
    });

  // docs/product.md §2.7, §4.5: creating, then minting with the sbtId, then the list again about 2000 ms later;
  // the card then follows the mint live until it is minted or failed.
  const onCreated = (created: SbtCreated) => {
    closeDialog();
    notify(message(created.message) ?? t('sbt.creationStarted'));
    startMint(created.sbt.id);
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: sbtListQueryKey }), SBT_REFRESH_DELAY_MS);
  };

  const mine = () => {
    if (sbts.isPending) return <Skeleton variant="rounded" height={260} />;
    if (sbts.isError) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sbts.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {message(sbts.error.message)}
        </Alert>
      );
    }
    if (sbt) {
      return <SbtCard sbt={sbt} onMint={() => startMint(sbt.id)} mintPending={mint.isPending} />;
    }
    return (
      <Card>
        <EmptyState
          icon={<TokenOutlined />}
          title={t('sbt.emptyTitle')}
          description={t('sbt.emptyDescription')}
          action={
            <AppButton startIcon={<Add />} onClick={() => setDialog({})} data-testid="create-sbt">
              {t('sbt.createNew')}
            </AppButton>
          }
        />
      </Card>
    );
  };

  return (
    <>
      <PageHeader
        title={t('sbt.title')}
        subtitle={t('sbt.subtitle')}
        action={
          canCreate && (
            <AppButton startIcon={<Add />} onClick={() => setDialog({})} data-testid="create-sbt">
              {t('sbt.createNew')}
            </AppButton>
          )
        }
      />
      <Stack sx={{ gap: 4 }}>
        <Stack sx={{ gap: 2 }}>
          {sbt && <Alert severity="info">{t('messages.sbtLimitNotice')}</Alert>}
          {revoked && <Alert severity="warning">{t('messages.sbtRevoked')}</Alert>}
          {mustVerify && (
            <Alert
              severity="warning"
              data-testid="sbt-verify-first"
              action={
                <Button color="inherit" size="small" onClick={verify}>
                  {t('sbt.verifyIdentity')}
                </Button>
              }
            >
              {t('messages.sbtKycRequired')}
            </Alert>
          )}
          {mine()}
        </Stack>
        <Box component="section" aria-labelledby="sbt-templates">
          <Typography id="sbt-templates" variant="h6" component="h3">
            {t('sbt.templates')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 2 }}>
            {canCreate ? t('sbt.templatesHintChoose') : t('sbt.templatesHint')}
          </Typography>
          {images.isError ? (
            <Alert severity="error">{t('messages.sbtLoadImagesFailed')}</Alert>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
              }}
            >
              {images.data
                ? images.data.map((design) => (
                    <DesignCard
                      key={design.id}
                      design={design}
                      onChoose={canCreate ? () => setDialog({ design: design.id }) : undefined}
                    />
                  ))
                : [0, 1, 2, 3, 4].map((key) => <Skeleton key={key} variant="rounded" height={260} />)}
            </Box>
          )}
        </Box>
      </Stack>
      {/* A link may ask for the dialog after the SBT exists: then there is nothing to create. */}
      {dialog && sbts.isSuccess && !(dialog.fromLink && sbt) && (
        <CreateSbtDialog
          initialDesign={dialog.design}
          onClose={closeDialog}
          onCreated={onCreated}
          onViewMine={() => {
            closeDialog();
            void sbts.refetch();
          }}
          onVerify={verify}
        />
      )}
      <KycDialog
        open={verifying}
        onClose={() => {
          setVerifying(false);
          void profile.refetch();
        }}
      />
    </>
  );
}
