import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../i18n/use-message';
import { requestUnlock } from '../api/sign-in';

/**
 * Under the answer that the account's password sign-ins are paused (someone was guessing): the
 * owner can have a new one-time sign-in link mailed (ADR 54), or is told the link is ready.
 */
export function UnlockOffer({ pausedEmail, ready }: { pausedEmail?: string | undefined; ready: boolean }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [sent, setSent] = useState<string>();
  const [sending, setSending] = useState(false);
  if (sent) return <Alert severity="success">{message(sent)}</Alert>;
  if (pausedEmail) {
    const send = async () => {
      setSending(true);
      try {
        setSent((await requestUnlock(pausedEmail)).message);
      } finally {
        setSending(false);
      }
    };
    return (
      <Alert
        severity="info"
        action={
          <Button
            color="inherit"
            size="small"
            disabled={sending}
            onClick={() => void send()}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('auth.unlock.send')}
          </Button>
        }
      >
        {t('auth.unlock.offer')}
      </Alert>
    );
  }
  return ready ? <Alert severity="info">{t('auth.unlock.ready')}</Alert> : null;
}
