import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sbt } from '@portal/shared/sbt';
import { CopyButton } from '../../../components/CopyButton';
import { useMessage } from '../../../i18n/use-message';
import { formatDate, shortenAddress } from '../../../lib/format';
import { ViewCredentialButton } from '../../credentials';
import { useMintProgress } from '../api/get-sbt-status';
import { SbtStatusChip } from './SbtStatusChip';

const mono = { fontFamily: 'ui-monospace, monospace' } as const;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', fontWeight: 550 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ margin: 0, display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 30 }}>
        {children}
      </Box>
    </div>
  );
}

/** The steps of minting, each read from the SBT itself: created, credential on IPFS, token minted. */
function MintSteps({ sbt }: { sbt: Sbt }) {
  const { t } = useTranslation();
  const active = sbt.minted ? 3 : sbt.vcCid ? 2 : 1;
  return (
    <Box sx={{ marginBlockStart: 2.5 }} data-testid="mint-progress">
      <Stepper activeStep={active} alternativeLabel>
        {(['created', 'credential', 'minted'] as const).map((step, index) => (
          <Step key={step}>
            <StepLabel error={sbt.status === 'failed' && index === active}>
              {t(`sbt.steps.${step}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      {sbt.status === 'minting' && (
        <LinearProgress sx={{ marginBlockStart: 2, borderRadius: 1 }} aria-label={t('sbt.minting')} />
      )}
    </Box>
  );
}

/**
 * docs/product.md §2.7: one SBT with its image, id, minted badge, transaction link, credential link
 * and created date; while it mints, live progress.
 */
export function SbtCard({
  sbt,
  onMint,
  mintPending,
}: {
  sbt: Sbt;
  onMint: () => void;
  mintPending: boolean;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  useMintProgress(sbt);
  // The token is named after its design, in the reader's language as the gallery shows it.
  const designName = t(`sbt.designs.${sbt.imageId}.name`, { defaultValue: sbt.name });
  return (
    <Card data-testid="sbt-card">
      <CardContent
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: { xs: 2, sm: 3 },
          padding: { xs: 2.5, sm: 3 },
        }}
      >
        <Box
          component="img"
          src={sbt.imageUrl}
          alt={designName}
          sx={{
            width: { xs: '100%', sm: 200 },
            maxWidth: 280,
            aspectRatio: '1',
            borderRadius: 3,
            alignSelf: { xs: 'center', sm: 'flex-start' },
            bgcolor: 'action.hover',
          }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h6" component="h3" dir="auto" sx={{ marginInlineEnd: 'auto' }}>
              {designName}
            </Typography>
            <SbtStatusChip sbt={sbt} />
            {sbt.status === 'minting' && <Chip size="small" color="info" label={t('sbt.minting')} />}
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              columnGap: 3,
              rowGap: 1,
              marginBlock: 2,
            }}
          >
            <Detail label={t('sbt.id')}>
              <Typography dir="ltr" sx={{ ...mono, fontSize: 13 }}>
                {shortenAddress(sbt.id)}
              </Typography>
              <CopyButton value={sbt.id} label={t('sbt.copyId')} />
            </Detail>
            <Detail label={t('sbt.tokenId')}>
              <Typography dir="ltr" sx={{ ...mono, fontSize: 13 }}>
                {sbt.tokenId ? `#${sbt.tokenId}` : '—'}
              </Typography>
            </Detail>
            <Detail label={t('sbt.created')}>
              <Typography variant="body2">{formatDate(sbt.createdAt, i18n.language)}</Typography>
            </Detail>
            <Detail label={t('sbt.holder')}>
              <Typography dir="ltr" sx={{ ...mono, fontSize: 13 }}>
                {shortenAddress(sbt.holderAddress)}
              </Typography>
              <CopyButton value={sbt.holderAddress} label={t('common.copyAddress')} />
            </Detail>
            <Detail label={t('sbt.transaction')}>
              {sbt.txHash ? (
                <>
                  <Typography dir="ltr" sx={{ ...mono, fontSize: 13 }}>
                    {shortenAddress(sbt.txHash)}
                  </Typography>
                  <CopyButton value={sbt.txHash} label={t('sbt.copyTransaction')} />
                </>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('sbt.noTransaction')}
                </Typography>
              )}
            </Detail>
            {sbt.mintedAt && (
              <Detail label={t('sbt.mintedAt')}>
                <Typography variant="body2">{formatDate(sbt.mintedAt, i18n.language)}</Typography>
              </Detail>
            )}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <ViewCredentialButton
              vcUrl={sbt.vcUrl}
              cid={sbt.vcCid}
              label={t('sbt.viewCredential')}
              data-testid="view-credential"
            />
            {sbt.explorerUrl && (
              <Button
                variant="text"
                href={sbt.explorerUrl}
                target="_blank"
                rel="noopener"
                endIcon={<OpenInNew fontSize="small" />}
              >
                {t('sbt.viewOnExplorer')}
              </Button>
            )}
          </Box>
          {!sbt.minted && <MintSteps sbt={sbt} />}
          {sbt.status === 'failed' && (
            <Alert
              severity="error"
              sx={{ marginBlockStart: 2 }}
              action={
                <Button color="inherit" size="small" onClick={onMint} loading={mintPending}>
                  {t('sbt.dialog.tryAgain')}
                </Button>
              }
            >
              {message(sbt.error ?? undefined) ?? t('messages.sbtMintFailed')}
            </Alert>
          )}
          {sbt.status === 'created' && (
            <Alert
              severity="info"
              sx={{ marginBlockStart: 2 }}
              action={
                <Button color="inherit" size="small" onClick={onMint} loading={mintPending}>
                  {t('sbt.mintNow')}
                </Button>
              }
            >
              {t('sbt.awaitingMint')}
            </Alert>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
