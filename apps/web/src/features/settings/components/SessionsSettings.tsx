import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import type { AccountSettings, ActiveSession } from '@portal/shared/settings';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { useSetLoginAlerts } from '../api/login-alerts';
import { useRevokeSessions, useSessions } from '../api/sessions';
import { SettingRow, SettingsSection } from './SettingsSection';

function SessionItem({
  session,
  onRevoke,
  busy,
}: {
  session: ActiveSession;
  onRevoke: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  // The server names a device "<browser> on <os>" (auth/device.ts): the joining word is put in
  // the reader's language, the product names kept as they are.
  const parts = session.device ? /^(.+) on (.+)$/.exec(session.device) : null;
  const device = parts
    ? t('settings.security.deviceOn', { browser: parts[1], os: parts[2] })
    : (session.device ?? t('settings.security.unknownDevice'));
  return (
    <ListItem disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <ComputerOutlined />
      </ListItemIcon>
      <ListItemText
        sx={{ flex: '1 1 220px' }}
        primary={
          <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <span>{device}</span>
            {session.current && (
              <Chip size="small" color="success" label={t('settings.security.thisDevice')} />
            )}
          </Box>
        }
        secondary={t('settings.security.sessionDetails', {
          ip: session.ip ?? '—',
          lastUsed: when(session.lastUsedAt),
          signedIn: when(session.createdAt),
        })}
        slotProps={{ primary: { sx: { fontWeight: 600 } } }}
      />
      {!session.current && (
        <AppButton
          size="sm"
          variant="outline"
          onClick={onRevoke}
          disabled={busy}
          aria-label={t('settings.security.revokeSession', { device })}
        >
          {t('settings.security.revoke')}
        </AppButton>
      )}
    </ListItem>
  );
}

/** Login alerts, the list of signed-in devices, per-device sign-out and 'Log out from all other devices'. */
export function SessionsSettings({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const alerts = useSetLoginAlerts();
  const others = (sessions.data ?? []).filter((session) => !session.current);
  const run = (id?: string) =>
    revoke.mutate(id, {
      onSuccess: (answer) => notify(message(answer.message) ?? ''),
      onError: (error) => notify(message(error.message) ?? '', 'error'),
    });
  return (
    <SettingsSection title={t('settings.security.signInActivity')}>
      <SettingRow
        label={t('settings.security.loginAlerts')}
        hint={t('settings.security.loginAlertsHint')}
        control={
          <Switch
            checked={settings.security.loginAlerts}
            onChange={(_event, checked) =>
              alerts.mutate(checked, { onError: (error) => notify(message(error.message) ?? '', 'error') })
            }
            slotProps={{ input: { 'aria-label': t('settings.security.loginAlerts') } }}
          />
        }
      />
      <Divider />
      <SettingRow
        label={t('settings.security.logoutOthers')}
        hint={t('settings.security.logoutOthersHint')}
        control={
          <AppButton
            variant="outline"
            size="sm"
            disabled={!others.length}
            loading={revoke.isPending && revoke.variables === undefined}
            onClick={() => run()}
          >
            {t('settings.security.logoutOthers')}
          </AppButton>
        }
      />
      <Divider />
      {sessions.isPending ? (
        <Skeleton variant="rounded" height={96} sx={{ marginBlockStart: 2 }} />
      ) : sessions.isError ? (
        <Alert severity="error" sx={{ marginBlockStart: 2 }}>
          {message(sessions.error.message)}
        </Alert>
      ) : (
        <List aria-label={t('settings.security.activeSessions')} data-testid="active-sessions">
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              busy={revoke.isPending}
              onRevoke={() => run(session.id)}
            />
          ))}
        </List>
      )}
    </SettingsSection>
  );
}
