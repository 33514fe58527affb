import LinkOutlined from '@mui/icons-material/LinkOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';
import { useMessage } from '../../../i18n/use-message';
import { formatDate } from '../../../lib/format';
import { useCreateShare, useRevokeShare } from '../api/share-credential';

/**
 * The holder shares a private credential with a link that works for 7 days and can be revoked
 * at once; the link opens the public verification page, which checks the credential.
 */
export function ShareCredential({ cid }: { cid: string }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const share = revoke.isSuccess ? undefined : create.data;

  return (
    <Box component="section" aria-label={t('credentials.share.title')}>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, marginBlockEnd: 1 }}>
        {t('credentials.share.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1.5 }}>
        {t('credentials.share.hint')}
      </Typography>
      {share ? (
        <Stack sx={{ gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              component="code"
              dir="ltr"
              data-testid="share-link"
              sx={{
                flex: 1,
                fontSize: 12,
                wordBreak: 'break-all',
                bgcolor: 'action.hover',
                padding: 1,
                borderRadius: 1,
              }}
            >
              {share.url}
            </Box>
            <CopyButton value={share.url} label={t('credentials.share.copy')} />
          </Box>
          <Typography variant="caption" color="text.secondary">
            {t('credentials.share.expires', { date: formatDate(share.expiresAt, i18n.language) })}
          </Typography>
          <Box>
            <Button
              size="small"
              color="error"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(share.id)}
            >
              {t('credentials.share.revoke')}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Button
          size="small"
          variant="outlined"
          startIcon={<LinkOutlined fontSize="small" />}
          disabled={create.isPending}
          onClick={() => {
            revoke.reset();
            create.mutate({ cid, days: 7 });
          }}
        >
          {t('credentials.share.create')}
        </Button>
      )}
      {revoke.isSuccess && (
        <Alert severity="info" sx={{ marginBlockStart: 1 }}>
          {t('credentials.share.revoked')}
        </Alert>
      )}
      {(create.isError || revoke.isError) && (
        <Alert severity="error" sx={{ marginBlockStart: 1 }}>
          {message((create.error ?? revoke.error)!.message)}
        </Alert>
      )}
    </Box>
  );
}
