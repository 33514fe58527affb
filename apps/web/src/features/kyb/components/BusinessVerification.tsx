import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  KYB_DOCUMENT_CONTENT_TYPES,
  KYB_DOCUMENT_MAX_BYTES,
  KYB_MAX_DOCUMENTS,
  type KybApplication,
  type KybDocument,
  type KybViewStatus,
} from '@portal/shared/kyb';
import { messages } from '@portal/shared/messages';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatFileSize } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { fetchKybDocument, useDeleteKybDocument, useKyb, useUploadKybDocument } from '../api/kyb';
import { SettingRow } from '../../settings';

const STATUS_COLORS: Record<KybViewStatus, ChipProps['color']> = {
  not_submitted: 'default',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** The picker offers the accepted types by extension too: some systems know files only by name. */
const ACCEPT = [...KYB_DOCUMENT_CONTENT_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(',');

/**
 * docs/product.md §2.12 (Compliance) and §4.8: the KYB status and 'Upload Business Docs' (ADR 0046). The status is the
 * real one: not submitted until a first document, pending until an administrator decides.
 */
export function BusinessVerification() {
  const { t } = useTranslation();
  const message = useMessage();
  const kyb = useKyb();
  const status = kyb.data?.status;
  return (
    <Stack sx={{ gap: 1.5 }}>
      <SettingRow
        label={t('settings.compliance.kyb')}
        hint={t('settings.compliance.kybHint')}
        control={
          status ? (
            <Chip
              label={t(`settings.compliance.kybStatuses.${status}`)}
              color={STATUS_COLORS[status]}
              variant={status === 'approved' ? 'filled' : 'outlined'}
              data-testid="kyb-status"
            />
          ) : kyb.isError ? null : (
            <Skeleton variant="rounded" width={96} height={32} />
          )
        }
      />
      {kyb.isError && <Alert severity="error">{message(kyb.error.message)}</Alert>}
      {kyb.data && <Application application={kyb.data} />}
    </Stack>
  );
}

function Application({ application }: { application: KybApplication }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadKybDocument();
  const [problem, setProblem] = useState<string>();
  const { status, documents } = application;
  const approved = status === 'approved';
  const full = documents.length >= KYB_MAX_DOCUMENTS;

  const choose = async (files: File[]) => {
    setProblem(undefined);
    if (files.length > KYB_MAX_DOCUMENTS - documents.length) return setProblem(messages.kybTooManyDocuments);
    for (const file of files) {
      // Checked here for a quick answer; the server checks again, by the file's content.
      if (file.size > KYB_DOCUMENT_MAX_BYTES) return setProblem(messages.kybDocumentTooLarge);
      if (!(KYB_DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type)) {
        return setProblem(messages.kycDocumentUnsupported);
      }
    }
    for (const file of files) {
      try {
        const answer = await upload.mutateAsync(file);
        notify(`${file.name}: ${message(answer.message ?? messages.kybDocumentUploaded) ?? ''}`);
      } catch (error) {
        const text = error instanceof ApiError ? error.message : messages.internalError;
        return setProblem(`${file.name}: ${message(text) ?? text}`);
      }
    }
  };

  return (
    <Stack sx={{ gap: 1.5 }}>
      <StatusNote application={application} />
      {documents.length > 0 && (
        <Box component="section" aria-labelledby={`${hintId}-documents`}>
          <Typography id={`${hintId}-documents`} variant="subtitle2" component="h4">
            {t('settings.compliance.kybDocuments')}
          </Typography>
          <List dense disablePadding>
            {documents.map((document) => (
              <DocumentRow key={document.id} document={document} removable={!approved} />
            ))}
          </List>
        </Box>
      )}
      {!approved && (
        <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadFileOutlined />}
            loading={upload.isPending}
            disabled={full}
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
          >
            {t('settings.compliance.uploadBusinessDocs')}
          </Button>
          <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
            {t('settings.compliance.kybRules', {
              size: formatFileSize(KYB_DOCUMENT_MAX_BYTES, i18n.language),
              count: KYB_MAX_DOCUMENTS,
            })}
          </Typography>
          <input
            ref={input}
            type="file"
            hidden
            multiple
            accept={ACCEPT}
            data-testid="kyb-input"
            onChange={(event) => {
              void choose([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </Stack>
      )}
      {problem && (
        <Alert severity="error" onClose={() => setProblem(undefined)}>
          {message(problem)}
        </Alert>
      )}
    </Stack>
  );
}

/** What the status means for the user, and what to do next. */
function StatusNote({ application }: { application: KybApplication }) {
  const { t } = useTranslation();
  switch (application.status) {
    case 'not_submitted':
      return (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('settings.compliance.kybNotSubmitted')}
        </Typography>
      );
    case 'pending':
      return <Alert severity="info">{t('settings.compliance.kybPending')}</Alert>;
    case 'approved':
      return <Alert severity="success">{t('settings.compliance.kybApproved')}</Alert>;
    case 'rejected':
      return (
        <Alert severity="warning">
          {t('settings.compliance.kybRejected', { reason: application.reason ?? '' })}{' '}
          {t('settings.compliance.kybRejectedNext')}
        </Alert>
      );
  }
}

function DocumentRow({ document, removable }: { document: KybDocument; removable: boolean }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const remove = useDeleteKybDocument();
  const [problem, setProblem] = useState<string>();
  const open = async () => {
    setProblem(undefined);
    try {
      saveFile(await fetchKybDocument(document.id), document.fileName);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : messages.internalError);
    }
  };
  return (
    <ListItem
      disableGutters
      data-testid="kyb-document"
      secondaryAction={
        removable && (
          <IconButton
            edge="end"
            aria-label={t('settings.compliance.kybRemove', { name: document.fileName })}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(document.id, {
                onSuccess: (answer) => notify(message(answer.message ?? messages.kybDocumentDeleted) ?? ''),
                onError: (error) => setProblem(error.message),
              })
            }
          >
            <DeleteOutlined />
          </IconButton>
        )
      }
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <DescriptionOutlined fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={
          <Link
            component="button"
            type="button"
            onClick={() => void open()}
            title={t('settings.compliance.kybDownload', { name: document.fileName })}
            sx={{ textAlign: 'start', wordBreak: 'break-all' }}
          >
            {document.fileName}
          </Link>
        }
        secondary={
          problem
            ? message(problem)
            : `${formatFileSize(document.size, i18n.language)} · ${formatDate(document.createdAt, i18n.language)}`
        }
        slotProps={{ secondary: { color: problem ? 'error' : 'text.secondary' } }}
      />
    </ListItem>
  );
}
