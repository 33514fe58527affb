import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifiableCredential } from '@portal/shared/credentials';
import { AppButton, type AppButtonProps } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { credentialQueryOptions } from '../api/get-credential';
import { CredentialDialog } from './CredentialDialog';

/**
 * Opens a credential's 'Verifiable Credential Metadata' dialog. docs/product.md §5: without a vcUrl the
 * alert is 'VC data not available yet.'; when the document cannot be read, 'Failed to load VC
 * metadata.' and no dialog.
 */
export function ViewCredentialButton({
  vcUrl,
  cid,
  label,
  ...button
}: { vcUrl: string | null; cid?: string | null; label: string } & Omit<AppButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [credential, setCredential] = useState<VerifiableCredential>();

  const open = async () => {
    if (!vcUrl) {
      notify(t('messages.sbtVcUnavailable'), 'warning');
      return;
    }
    setLoading(true);
    try {
      setCredential(await queryClient.fetchQuery(credentialQueryOptions(vcUrl)));
    } catch {
      notify(t('messages.sbtVcLoadFailed'), 'error');
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <AppButton
        variant="outline"
        startIcon={<DescriptionOutlined />}
        loading={loading}
        onClick={() => void open()}
        {...button}
      >
        {label}
      </AppButton>
      {credential && vcUrl && (
        <CredentialDialog
          vcUrl={vcUrl}
          cid={cid ?? undefined}
          credential={credential}
          onClose={() => setCredential(undefined)}
        />
      )}
    </>
  );
}
