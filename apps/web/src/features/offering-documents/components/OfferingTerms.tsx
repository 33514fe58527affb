import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfferingDocument } from '@portal/shared/offering-documents';
import { AppButton } from '../../../components/AppButton';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  downloadDocument,
  useAcknowledge,
  useOfferingDocuments,
  useRefreshDocuments,
} from '../api/offering-documents';

/** A hash short enough for a row; the whole of it is in the title and read out to screen readers. */
const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/**
 * What a purchase needs of a token's offering documents (ADR 73): whether the buyer must still
 * tick the acknowledgement, and the acknowledgement itself, sent with the hashes shown just
 * before the purchase.
 */
export function useTermsGate(tokenId: string, enabled = true) {
  const documents = useOfferingDocuments(tokenId, enabled);
  const acknowledge = useAcknowledge(tokenId);
  const refresh = useRefreshDocuments(tokenId);
  const [checked, setChecked] = useState(false);
  const shown = documents.data?.documents ?? [];
  const needed = Boolean(documents.data && !documents.data.acknowledged);
  return {
    documents: shown,
    needed,
    checked,
    setChecked,
    /** Buying waits for the documents to be read, and for the box to be ticked when it must be. */
    blocking: enabled && (documents.isPending || (needed && !checked)),
    /** Sends the acknowledgement when one is needed; a refusal (documents changed) unticks the box. */
    confirm: async () => {
      if (!needed) return;
      try {
        await acknowledge.mutateAsync(shown.map((document) => document.documentHash));
      } catch (error) {
        setChecked(false);
        throw error;
      }
    },
    /** After a refusal naming the terms: read the documents again and ask for a new tick. */
    refused: (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) {
        setChecked(false);
        void refresh();
      }
    },
  };
}

export type TermsGate = ReturnType<typeof useTermsGate>;

/** The token's documents in the purchase dialog, each downloadable, and the acknowledgement box. */
export function OfferingTerms({ gate, disabled }: { gate: TermsGate; disabled: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (gate.documents.length === 0) return null;
  const names = gate.documents.map(({ name }) => name).join(', ');
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="offering-terms">
      <Typography id={headingId} variant="subtitle2" component="h3">
        {t('offeringDocuments.readerTitle')}
      </Typography>
      <DocumentLinks documents={gate.documents} />
      {gate.needed ? (
        <FormControlLabel
          control={
            <Checkbox
              checked={gate.checked}
              onChange={(event) => gate.setChecked(event.target.checked)}
              disabled={disabled}
              slotProps={{ input: { 'aria-describedby': headingId } }}
            />
          }
          label={t('offeringDocuments.acknowledge', { names })}
          data-testid="terms-acknowledge"
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('offeringDocuments.acknowledged')}
        </Typography>
      )}
    </Box>
  );
}

/** Name, date and hash of each document, with a download that serves the exact recorded bytes. */
export function DocumentLinks({ documents }: { documents: readonly OfferingDocument[] }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const [problem, setProblem] = useState<string>();
  const download = async (document: OfferingDocument) => {
    setProblem(undefined);
    try {
      await downloadDocument(document);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <>
      {problem && (
        <Alert severity="error" variant="filled" onClose={() => setProblem(undefined)}>
          {message(problem)}
        </Alert>
      )}
      <List dense disablePadding>
        {documents.map((document) => (
          <ListItem
            key={document.id}
            disableGutters
            data-testid="offering-document"
            secondaryAction={
              <AppButton
                size="sm"
                variant="outline"
                startIcon={<DownloadOutlined />}
                onClick={() => void download(document)}
                aria-label={t('offeringDocuments.downloadOf', { name: document.name })}
              >
                {t('offeringDocuments.download')}
              </AppButton>
            }
          >
            <ListItemText
              primary={document.name}
              secondary={
                <>
                  {document.recordedAt && formatDateTime(document.recordedAt, i18n.language)}
                  {' · '}
                  <Box
                    component="span"
                    dir="ltr"
                    title={document.documentHash}
                    aria-label={t('offeringDocuments.hashOf', { hash: document.documentHash })}
                    sx={{ fontFamily: 'monospace' }}
                  >
                    {shortHash(document.documentHash)}
                  </Box>
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
