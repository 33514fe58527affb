import ContentCopy from '@mui/icons-material/ContentCopy';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { VerifiableCredential } from '@portal/shared/credentials';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { useCredentialCheck } from '../api/verify-credential';
import { CredentialFacts, Fact, FactSection, purchaseClaim } from './CredentialFacts';
import { ShareCredential } from './ShareCredential';
import { VerificationResult } from './VerificationResult';

/** The CID a gateway URL names (`…/ipfs/<cid>`), when the caller did not pass it. */
function cidOf(vcUrl: string): string | undefined {
  return /\/ipfs\/([^/?#]+)/.exec(vcUrl)?.[1];
}

/**
 * Opens the document in a new tab. It is private (served to its holder's session only), so the
 * tab gets the bytes already read rather than a URL it could not open on its own.
 */
function openDocument(json: string) {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves the credential as a file the holder can hand to anyone (the /verify page reads it). */
function download(json: string, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * docs/product.md §2.7, dialog 'Verifiable Credential Metadata': basic information, credential subject,
 * associated wallets, IPFS links, raw JSON with 'Copy JSON', and 'View on IPFS'; plus the
 * credential's verification, and the holder's ways to share it: a file or an expiring link.
 */
export function CredentialDialog({
  vcUrl,
  cid = cidOf(vcUrl),
  credential,
  onClose,
}: {
  vcUrl: string;
  cid?: string;
  credential: VerifiableCredential;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const check = useCredentialCheck(vcUrl, credential);
  const json = JSON.stringify(credential, null, 2);
  // The stored bytes are compact JSON; re-serializing what was parsed from them gives them back.
  const exact = JSON.stringify(credential);
  const wallets = Object.entries(credential.credentialSubject?.wallets ?? {});

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle>{t('credentials.dialogTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 3 }}>
          <Box component="section" aria-label={t('credentials.verification')}>
            {check.data ? (
              <VerificationResult result={check.data} />
            ) : check.isError ? (
              <Alert severity="warning">{message(check.error.message)}</Alert>
            ) : (
              <Skeleton variant="rounded" height={96} aria-label={t('credentials.checking')} />
            )}
            {cid && (
              <Link
                href={`/verify?cid=${encodeURIComponent(cid)}`}
                target="_blank"
                rel="noopener"
                variant="body2"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, marginBlockStart: 1 }}
              >
                {t('credentials.openVerifyPage')}
                <OpenInNew sx={{ fontSize: 16 }} />
              </Link>
            )}
          </Box>
          <CredentialFacts credential={credential} links={check.data?.explorerLinks} />
          {/* A purchase credential names no wallets: its delivery address is part of the purchase. */}
          {!purchaseClaim(credential) && (
            <FactSection
              title={t('credentials.wallets')}
              empty={wallets.length ? undefined : t('credentials.noWallets')}
            >
              {wallets.map(([asset, address]) => (
                <Fact key={asset} label={asset} value={address} code />
              ))}
            </FactSection>
          )}
          <FactSection title={t('credentials.ipfs')}>
            {cid && <Fact label={t('credentials.cid')} value={cid} code />}
            <Fact label={t('credentials.gateway')} value={vcUrl} code />
            {cid && <Fact label={t('credentials.ipfsUri')} value={`ipfs://${cid}`} code />}
          </FactSection>
          {/* The document holds personal data: the gateway answers its holder only (ADR 12). */}
          <Alert severity="info" data-testid="credential-private-links">
            {t('credentials.privateLinks')}
          </Alert>
          {cid && <ShareCredential cid={cid} />}
          <Box component="section">
            <Box sx={{ display: 'flex', alignItems: 'center', marginBlockEnd: 1 }}>
              <Box component="h3" sx={{ flex: 1, margin: 0, typography: 'subtitle2', fontWeight: 700 }}>
                {t('credentials.raw')}
              </Box>
              <Button
                size="small"
                startIcon={<ContentCopy fontSize="small" />}
                onClick={() =>
                  void navigator.clipboard.writeText(json).then(() => notify(t('common.copied')))
                }
              >
                {t('credentials.copyJson')}
              </Button>
            </Box>
            <Box
              component="pre"
              dir="ltr"
              data-testid="credential-json"
              // It scrolls: keyboard users must be able to reach it (axe scrollable-region-focusable).
              tabIndex={0}
              aria-label={t('credentials.raw')}
              sx={{
                margin: 0,
                padding: 2,
                borderRadius: 2,
                bgcolor: 'action.hover',
                fontFamily: 'ui-monospace, monospace',
                fontSize: 12,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
                maxHeight: 280,
                overflow: 'auto',
              }}
            >
              {json}
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ paddingInline: 3, paddingBlock: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button
          startIcon={<FileDownloadOutlined fontSize="small" />}
          onClick={() => download(exact, `credential-${cid ?? 'document'}.json`)}
        >
          {t('credentials.download')}
        </Button>
        <Button
          variant="contained"
          onClick={() => openDocument(exact)}
          endIcon={<OpenInNew fontSize="small" />}
        >
          {t('credentials.viewOnIpfs')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
