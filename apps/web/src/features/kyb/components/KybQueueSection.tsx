import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYB_REASON_MAX, type KybDocument, type KybReviewItem, type KybStatus } from '@portal/shared/kyb';
import { messages } from '@portal/shared/messages';
import { AppButton } from '../../../components/AppButton';
import { Detail } from '../../../components/Detail';
import { EmptyState } from '../../../components/EmptyState';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { fetchKybReviewDocument, useKybApplications, useKybDecision } from '../api/kyb-review';
import { DocumentPreview } from '../../../components/DocumentPreview';
import { RejectDialog } from '../../../components/RejectDialog';

const STATUS_COLORS: Record<KybStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** Business verification (KYB, ADR 0046): applications pending first, their documents, the decision. */
export function KybQueueSection() {
  const { t } = useTranslation();
  const message = useMessage();
  const applications = useKybApplications();
  const [rejecting, setRejecting] = useState<KybReviewItem>();

  if (applications.isPending) return <Skeleton variant="rounded" height={160} />;
  if (applications.isError) return <Alert severity="error">{message(applications.error.message)}</Alert>;
  if (applications.data.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<BusinessOutlined />}
          title={t('admin.kyb.empty')}
          description={t('admin.kyb.emptyHint')}
        />
      </Card>
    );
  }
  const pending = applications.data.filter((item) => item.status === 'pending').length;
  return (
    <Stack component="section" aria-labelledby="admin-kyb-title" sx={{ gap: 2 }}>
      <Typography id="admin-kyb-title" component="h3" variant="h6">
        {t('admin.kyb.title', { count: pending })}
      </Typography>
      {applications.data.map((item) => (
        <Application key={item.userId} item={item} onReject={() => setRejecting(item)} />
      ))}
      {rejecting && <KybRejectDialog item={rejecting} onClose={() => setRejecting(undefined)} />}
    </Stack>
  );
}

function Application({ item, onReject }: { item: KybReviewItem; onReject: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const decide = useKybDecision();
  const [previewing, setPreviewing] = useState<KybDocument>();
  const titleId = `admin-kyb-${item.userId}`;
  return (
    <Card data-testid="admin-kyb-item" component="article" aria-labelledby={titleId}>
      <CardContent>
        <Stack sx={{ gap: 2 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 650 }}>
              {item.name}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLORS[item.status]}
              label={t(`admin.kyb.statuses.${item.status}`)}
            />
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, margin: 0 }}
          >
            <Detail term={t('admin.kyb.email')}>
              <span dir="ltr">{item.email}</span>
            </Detail>
            <Detail term={t('admin.kyb.submitted')}>{formatDateTime(item.submittedAt, i18n.language)}</Detail>
            {item.decidedAt && (
              <Detail term={t('admin.kyb.decided')}>
                {formatDateTime(item.decidedAt, i18n.language)}
                {item.decidedByEmail && (
                  <>
                    {' · '}
                    <span dir="ltr">{item.decidedByEmail}</span>
                  </>
                )}
              </Detail>
            )}
            {item.status === 'rejected' && item.reason && (
              <Detail term={t('admin.kyb.reason')}>{item.reason}</Detail>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h5">
              {t('admin.kyb.documents', { count: item.documents.length })}
            </Typography>
            <List dense disablePadding>
              {item.documents.map((document) => (
                <DocumentRow
                  key={document.id}
                  document={document}
                  previewing={previewing?.id === document.id}
                  onPreview={() => setPreviewing(previewing?.id === document.id ? undefined : document)}
                />
              ))}
            </List>
          </Box>
          {previewing && (
            <DocumentPreview
              documentKey={previewing.id}
              contentType={previewing.contentType}
              load={() => fetchKybReviewDocument(previewing.id)}
              alt={t('admin.kyb.documentOf', { file: previewing.fileName, name: item.name })}
              missingLabel={t('admin.kyb.noPreview')}
              openPdfLabel={t('admin.kyb.openPdf')}
              testId="admin-kyb-document"
            />
          )}
          {item.status === 'pending' && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <AppButton
                loading={decide.isPending}
                onClick={() =>
                  decide.mutate(
                    { userId: item.userId, approve: true },
                    {
                      onSuccess: () => notify(t('admin.kyb.approved', { name: item.name }), 'success'),
                      onError: (error) => notify(message(error.message) ?? error.message, 'error'),
                    },
                  )
                }
              >
                {t('admin.kyb.approve')}
              </AppButton>
              <AppButton variant="outline" onClick={onReject} disabled={decide.isPending}>
                {t('admin.kyb.reject')}
              </AppButton>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function DocumentRow({
  document,
  previewing,
  onPreview,
}: {
  document: KybDocument;
  previewing: boolean;
  onPreview: () => void;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const download = async () => {
    try {
      saveFile(await fetchKybReviewDocument(document.id), document.fileName);
    } catch (error) {
      notify(message((error as Error).message) ?? messages.internalError, 'error');
    }
  };
  return (
    <ListItem disableGutters data-testid="admin-kyb-file" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <ListItemIcon sx={{ minWidth: 36 }}>
        <DescriptionOutlined fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={document.fileName}
        secondary={formatFileSize(document.size, i18n.language)}
        slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
      />
      <Stack direction="row" sx={{ gap: 1 }}>
        <AppButton
          size="sm"
          variant="ghost"
          aria-pressed={previewing}
          aria-label={t('admin.kyb.previewFile', { file: document.fileName })}
          onClick={onPreview}
        >
          {t('admin.kyb.preview')}
        </AppButton>
        <AppButton
          size="sm"
          variant="ghost"
          aria-label={t('admin.kyb.downloadFile', { file: document.fileName })}
          onClick={() => void download()}
        >
          {t('admin.kyb.download')}
        </AppButton>
      </Stack>
    </ListItem>
  );
}

function KybRejectDialog({ item, onClose }: { item: KybReviewItem; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const decide = useKybDecision();
  return (
    <RejectDialog
      title={t('admin.kyb.rejectTitle', { name: item.name })}
      submitLabel={t('admin.kyb.reject')}
      reasonLabel={t('admin.kyb.reasonLabel')}
      maxLength={KYB_REASON_MAX}
      busy={decide.isPending}
      onClose={onClose}
      reject={(reason, fail) =>
        decide.mutate(
          { userId: item.userId, approve: false, reason },
          {
            onSuccess: () => {
              notify(t('admin.kyb.rejected', { name: item.name }), 'success');
              onClose();
            },
            onError: fail,
          },
        )
      }
    />
  );
}
