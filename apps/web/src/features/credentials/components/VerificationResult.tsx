import GppBadOutlined from '@mui/icons-material/GppBadOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { VerifyCredentialResponse } from '@portal/shared/credentials';
import { useMessage } from '../../../i18n/use-message';

/** The answer of /api/credentials/verify: verified or not, trusted issuer or not, and why. */
export function VerificationResult({ result }: { result: VerifyCredentialResponse }) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <Alert
      severity={result.verified ? 'success' : 'error'}
      icon={result.verified ? <VerifiedOutlined /> : <GppBadOutlined />}
      data-testid="verification-result"
    >
      <AlertTitle>
        {result.verified
          ? t('credentials.verified')
          : result.revoked
            ? t('credentials.revoked')
            : t('credentials.notVerified')}
      </AlertTitle>
      {result.verified
        ? t('credentials.verifiedDescription')
        : result.revoked
          ? t('credentials.revokedDescription')
          : t('credentials.notVerifiedDescription')}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, marginBlockStart: 1.5 }}>
        <Chip
          size="small"
          icon={result.trustedIssuer ? <VerifiedUserOutlined /> : <HelpOutlineOutlined />}
          color={result.trustedIssuer ? 'success' : 'default'}
          variant={result.trustedIssuer ? 'filled' : 'outlined'}
          label={
            result.trustedIssuer
              ? t('credentials.trustedIssuer')
              : // Our DID on a document whose proof fails: ours, altered, or a forgery in our name.
                result.issuerIsPortal
                ? t('credentials.portalIssuerUnproven')
                : t('credentials.untrustedIssuer')
          }
        />
      </Box>
      {result.errors.length > 0 && (
        <Box component="ul" sx={{ marginBlock: 1.5, paddingInlineStart: 2.5 }}>
          {result.errors.map((error) => (
            <li key={error}>{message(error)}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
