import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycReviewItem } from '@portal/shared/kyc';
import { AppButton } from '../../../components/AppButton';
import { Detail } from '../../../components/Detail';
import { EmptyState } from '../../../components/EmptyState';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { countryName } from '../../../lib/country-name';
import { formatDate, formatDateTime } from '../../../lib/format';
import { fetchKycDocument, useKycDecision, useKycQueue } from '../api/admin';
import { DocumentPreview } from '../../../components/DocumentPreview';
import { RejectDialog } from '../../../components/RejectDialog';

/** Submissions waiting for a reviewer (the embedded KYC service): details, document, decision. */
export function KycQueueSection() {
  const { t } = useTranslation();
  const message = useMessage();
  const queue = useKycQueue();
  const [rejecting, setRejecting] = useState<KycReviewItem>();

  if (queue.isPending) return <Skeleton variant="rounded" height={160} />;
  if (queue.isError) {
    // Only the embedded KYC service has a queue here; Sumsub reviews in its own dashboard.
    if (queue.error instanceof ApiError && queue.error.status === 404) {
      return <Alert severity="info">{t('admin.kyc.external')}</Alert>;
    }
    return <Alert severity="error">{message(queue.error.message)}</Alert>;
  }
  if (queue.data.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<FactCheckOutlined />}
          title={t('admin.kyc.empty')}
          description={t('admin.kyc.emptyHint')}
        />
      </Card>
    );
  }
  return (
    <Stack component="section" aria-labelledby="admin-kyc-title" sx={{ gap: 2 }}>
      <Typography id="admin-kyc-title" component="h3" variant="h6">
        {t('admin.kyc.title', { count: queue.data.length })}
      </Typography>
      {queue.data.map((item) => (
        <Submission key={item.applicantId} item={item} onReject={() => setRejecting(item)} />
      ))}
      {rejecting && <KycRejectDialog item={rejecting} onClose={() => setRejecting(undefined)} />}
    </Stack>
  );
}

function Submission({ item, onReject }: { item: KycReviewItem; onReject: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const decide = useKycDecision();
  const name = `${item.firstName} ${item.lastName}`;
  return (
    <Card data-testid="admin-kyc-item">
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3 }}>
          <DocumentPreview
            documentKey={item.applicantId}
            contentType={item.document?.contentType}
            load={() => fetchKycDocument(item.applicantId)}
            alt={t('admin.kyc.documentOf', { name })}
            missingLabel={t('admin.kyc.noDocument')}
            openPdfLabel={t('admin.kyc.openPdf')}
            testId="admin-kyc-document"
          />
          <Stack sx={{ gap: 2, flex: 1, minWidth: 0 }}>
            <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 650 }}>
              {name}
            </Typography>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, margin: 0 }}
            >
              <Detail term={t('admin.kyc.dob')}>{formatDate(item.dob, i18n.language)}</Detail>
              <Detail term={t('admin.kyc.country')}>{countryName(item.country, i18n.language)}</Detail>
              <Detail term={t('admin.kyc.document')}>{t(`admin.kyc.documentTypes.${item.idDocType}`)}</Detail>
              <Detail term={t('admin.kyc.number')}>
                <span dir="ltr">{item.number}</span>
              </Detail>
              <Detail term={t('admin.kyc.submitted')}>
                {formatDateTime(item.submittedAt, i18n.language)}
              </Detail>
            </Box>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <AppButton
                loading={decide.isPending}
                onClick={() =>
                  decide.mutate(
                    { applicantId: item.applicantId, approve: true },
                    {
                      onSuccess: () => notify(t('admin.kyc.approved', { name }), 'success'),
                      onError: (error) => notify(message(error.message) ?? error.message, 'error'),
                    },
                  )
                }
              >
                {t('admin.kyc.approve')}
              </AppButton>
              <AppButton variant="outline" onClick={onReject} disabled={decide.isPending}>
                {t('admin.kyc.reject')}
              </AppButton>
            </Stack>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

function KycRejectDialog({ item, onClose }: { item: KycReviewItem; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const decide = useKycDecision();
  const [final, setFinal] = useState(false);
  const name = `${item.firstName} ${item.lastName}`;
  return (
    <RejectDialog
      title={t('admin.kyc.rejectTitle', { name })}
      submitLabel={t('admin.kyc.reject')}
      reasonLabel={t('admin.kyc.reason')}
      maxLength={500}
      busy={decide.isPending}
      onClose={onClose}
      reject={(reason, fail) =>
        decide.mutate(
          { applicantId: item.applicantId, approve: false, reason, final },
          {
            onSuccess: () => {
              notify(t('admin.kyc.rejected', { name }), 'success');
              onClose();
            },
            onError: fail,
          },
        )
      }
    >
      <FormControlLabel
        control={<Checkbox checked={final} onChange={(event) => setFinal(event.target.checked)} />}
        label={t('admin.kyc.final')}
      />
    </RejectDialog>
  );
}
