import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@portal/shared/messages';
import {
  OFFERING_DOCUMENT_MAX_BYTES,
  OFFERING_DOCUMENT_NAME_MAX_BYTES,
  type OfferingDocument,
  type OfferingDocumentStatus,
  utf8Length,
} from '@portal/shared/offering-documents';
import { AppButton } from '../../../components/AppButton';
import { ExplorerIconLink } from '../../../components/ExplorerIconLink';
import { TextInput } from '../../../components/TextInput';
import { WideDialog } from '../../../components/WideDialog';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import {
  downloadDocument,
  useAttachDocument,
  useIssuerDocuments,
  useRemoveDocument,
} from '../api/offering-documents';

const STATUS_COLOR: Record<OfferingDocumentStatus, ChipProps['color']> = {
  PENDING: 'warning',
  CURRENT: 'success',
  SUPERSEDED: 'default',
  REMOVING: 'warning',
  REMOVED: 'default',
  FAILED: 'error',
};

/**
 * The issuer console's documents of one token (ADR 73): attach a PDF under a name (a new file
 * under a current name is its next version), every version with its status and hash, remove a
 * current one. Each change is recorded on chain by a job; the list follows it.
 */
export function OfferingDocumentsDialog({
  token,
  onClose,
}: {
  token: { id: string; name: string; symbol: string; blockchain: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <WideDialog
      title={t('offeringDocuments.titleOf', { name: token.name, symbol: token.symbol })}
      onClose={onClose}
      testId="offering-documents-dialog"
    >
      <Stack sx={{ gap: 3 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {token.blockchain === 'ethereum' ? t('offeringDocuments.onChain') : t('offeringDocuments.offChain')}
        </Typography>
        <AttachForm tokenId={token.id} />
        <Versions tokenId={token.id} />
      </Stack>
    </WideDialog>
  );
}

function AttachForm({ tokenId }: { tokenId: string }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const attach = useAttachDocument(tokenId);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  // The key of a submission whose answer was lost: its retry reuses it, so the server attaches once.
  const pending = useRef<{ signature: string; key: string } | undefined>(undefined);
  const nameTooLong = utf8Length(name.trim()) > OFFERING_DOCUMENT_NAME_MAX_BYTES;
  const valid = name.trim() !== '' && !nameTooLong && file !== undefined;

  const choose = (chosen: File | undefined) => {
    setProblem(undefined);
    if (!chosen) return;
    // Checked here for a quick answer; the server checks again, by the file's content.
    if (chosen.type !== 'application/pdf') return setProblem(messages.offeringDocumentNotPdf);
    if (chosen.size > OFFERING_DOCUMENT_MAX_BYTES) return setProblem(messages.offeringDocumentTooLarge);
    setFile(chosen);
  };

  const submit = async () => {
    if (!valid) return;
    setProblem(undefined);
    const signature = `${name.trim()}\n${file.name}\n${file.size}\n${file.lastModified}`;
    if (pending.current?.signature !== signature) pending.current = { signature, key: crypto.randomUUID() };
    try {
      await attach.mutateAsync({ name: name.trim(), file, idempotencyKey: pending.current.key });
      pending.current = undefined;
      setName('');
      setFile(undefined);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : messages.internalError);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography id={`${id}-title`} variant="subtitle1" component="h3">
        {t('offeringDocuments.attachTitle')}
      </Typography>
      {problem && (
        <Alert severity="error" variant="filled" onClose={() => setProblem(undefined)}>
          {message(problem)}
        </Alert>
      )}
      <TextInput
        label={t('offeringDocuments.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        disabled={attach.isPending}
        error={nameTooLong ? t('messages.offeringDocumentNameTooLong') : undefined}
        hint={t('offeringDocuments.nameHint')}
        inputProps={{ 'data-testid': 'document-name' }}
      />
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <AppButton
          variant="outline"
          startIcon={<UploadFileOutlined />}
          onClick={() => input.current?.click()}
          disabled={attach.isPending}
          aria-describedby={`${id}-file`}
        >
          {t('offeringDocuments.choose')}
        </AppButton>
        <Typography id={`${id}-file`} variant="body2" sx={{ color: 'text.secondary' }}>
          {file ? file.name : t('offeringDocuments.noFile')} ·{' '}
          {t('offeringDocuments.rules', { size: formatFileSize(OFFERING_DOCUMENT_MAX_BYTES, i18n.language) })}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept="application/pdf,.pdf"
          data-testid="document-input"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Stack>
      <Box>
        <AppButton type="submit" disabled={!valid || attach.isPending} data-testid="document-attach">
          {attach.isPending ? t('offeringDocuments.processing') : t('offeringDocuments.attach')}
        </AppButton>
      </Box>
    </Box>
  );
}

function Versions({ tokenId }: { tokenId: string }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const documents = useIssuerDocuments(tokenId);
  const remove = useRemoveDocument(tokenId);
  const [problem, setProblem] = useState<string>();
  const act = async (work: () => Promise<unknown>) => {
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : messages.internalError);
    }
  };
  if (documents.isError) return <Alert severity="error">{message(documents.error.message)}</Alert>;
  if (!documents.data) return <Typography role="status">{t('common.loading')}</Typography>;
  if (documents.data.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('offeringDocuments.empty')}</Typography>;
  return (
    <Stack sx={{ gap: 1 }}>
      {problem && (
        <Alert severity="error" variant="filled" onClose={() => setProblem(undefined)}>
          {message(problem)}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('offeringDocuments.versions')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('offeringDocuments.name')}</TableCell>
              <TableCell>{t('offeringDocuments.version')}</TableCell>
              <TableCell>{t('offeringDocuments.status')}</TableCell>
              <TableCell>{t('offeringDocuments.date')}</TableCell>
              <TableCell>{t('offeringDocuments.hash')}</TableCell>
              <TableCell>{t('offeringDocuments.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {documents.data.map((document) => (
              <VersionRow
                key={document.id}
                document={document}
                language={i18n.language}
                busy={remove.isPending}
                onDownload={() => void act(() => downloadDocument(document))}
                onRemove={() => void act(() => remove.mutateAsync(document.id))}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

function VersionRow(props: {
  document: OfferingDocument;
  language: string;
  busy: boolean;
  onDownload: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const { document } = props;
  return (
    <TableRow data-testid="document-version">
      <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
        {document.name}
      </TableCell>
      <TableCell>{document.version}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[document.status]}
          label={t(`offeringDocuments.statuses.${document.status}`)}
          data-testid="document-status"
        />
        {document.error && (
          <Typography variant="caption" sx={{ display: 'block', color: 'error.main' }}>
            {message(document.error)}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(document.recordedAt ?? document.createdAt, props.language)}
      </TableCell>
      <TableCell>
        <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {document.documentHash}
        </Box>
        {document.explorerUrl && (
          <ExplorerIconLink
            href={document.explorerUrl}
            label={t('offeringDocuments.transactionOf', { name: document.name })}
          />
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {document.recordedAt && document.status !== 'REMOVED' && (
          <AppButton
            size="sm"
            variant="ghost"
            onClick={props.onDownload}
            aria-label={t('offeringDocuments.downloadOf', { name: `${document.name} v${document.version}` })}
          >
            {t('offeringDocuments.download')}
          </AppButton>
        )}
        {document.status === 'CURRENT' && (
          <AppButton
            size="sm"
            variant="danger"
            disabled={props.busy}
            onClick={props.onRemove}
            aria-label={t('offeringDocuments.removeOf', { name: document.name })}
          >
            {t('offeringDocuments.remove')}
          </AppButton>
        )}
      </TableCell>
    </TableRow>
  );
}
