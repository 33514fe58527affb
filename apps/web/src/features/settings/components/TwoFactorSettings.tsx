import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@portal/shared/messages';
import type { AccountSettings, TwoFactorSetupResponse } from '@portal/shared/settings';
import { AppButton } from '../../../components/AppButton';
import { CopyButton } from '../../../components/CopyButton';
import { useNotify } from '../../../components/Notifier';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { QrCode } from '../../vault';
import { settingsQueryKey } from '../api/get-settings';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../api/two-factor';
import { PasswordConfirmDialog } from './PasswordConfirmDialog';
import { SettingRow, SettingsSection } from './SettingsSection';

const failureText = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.fields?.[field] ?? error.message) : messages.internalError;

function Enrolment({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetupResponse;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(undefined);
    if (!code.trim()) return setError(messages.twoFactorCodeRequired);
    setBusy(true);
    try {
      onEnabled((await enableTwoFactor(code)).recoveryCodes);
    } catch (failure) {
      setError(failureText(failure, 'code'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      aria-label={t('settings.security.twoFactor')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ gap: 2, paddingBlock: 1.5 }}
    >
      <Typography variant="body2">{t('settings.security.twoFactorScan')}</Typography>
      <Box sx={{ display: 'flex', gap: 2.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <QrCode value={setup.otpauthUrl} size={168} label={t('settings.security.twoFactorQr')} />
        <Stack sx={{ gap: 0.5, minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('settings.security.twoFactorKey')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography
              dir="ltr"
              data-testid="two-factor-key"
              sx={{ fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' }}
            >
              {setup.secret}
            </Typography>
            <CopyButton value={setup.secret} label={t('settings.security.twoFactorKey')} />
          </Box>
        </Stack>
      </Box>
      <Box sx={{ maxWidth: 320 }}>
        <TextInput
          label={t('auth.twoFactor.code')}
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={message(error)}
          slotProps={{ input: { dir: 'ltr', inputMode: 'numeric' } }}
        />
      </Box>
      <Box>
        <AppButton type="submit" loading={busy}>
          {t('settings.security.twoFactorConfirm')}
        </AppButton>
      </Box>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ gap: 1.5, paddingBlock: 1.5 }}>
      <Alert severity="warning">
        <strong>{t('settings.security.recoveryTitle')}</strong> — {t('settings.security.recoveryHint')}
      </Alert>
      <Box
        component="ul"
        dir="ltr"
        data-testid="recovery-codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          gap: 1,
          columnGap: 4,
          margin: 0,
          paddingInlineStart: 3,
          fontFamily: 'ui-monospace, monospace',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <CopyButton value={codes.join('\n')} label={t('settings.security.copyRecovery')} />
        <AppButton onClick={onDone}>{t('settings.security.done')}</AppButton>
      </Box>
    </Stack>
  );
}

/** TOTP two-factor: set up with a QR code and a first code, recovery codes shown once (ADR 0023). */
export function TwoFactorSettings({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const client = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetupResponse>();
  const [codes, setCodes] = useState<string[]>();
  const [turningOff, setTurningOff] = useState(false);
  const [starting, setStarting] = useState(false);
  const enabled = settings.security.twoFactorEnabled;
  const reload = () => client.invalidateQueries({ queryKey: settingsQueryKey });
  const start = async () => {
    setStarting(true);
    try {
      setSetup(await setupTwoFactor());
    } catch (failure) {
      notify(message(failureText(failure, 'code')) ?? '', 'error');
    } finally {
      setStarting(false);
    }
  };
  return (
    <SettingsSection title={t('settings.security.protection')}>
      <SettingRow
        label={t('settings.security.twoFactor')}
        hint={
          enabled || setup
            ? t('settings.security.twoFactorHint')
            : t('settings.security.twoFactorRecommended')
        }
        control={
          enabled && !codes ? (
            <Switch
              checked
              onChange={() => setTurningOff(true)}
              slotProps={{ input: { 'aria-label': t('settings.security.twoFactor') } }}
            />
          ) : !setup && !codes ? (
            <AppButton size="sm" loading={starting} onClick={() => void start()}>
              {t('settings.security.twoFactorSetUp')}
            </AppButton>
          ) : null
        }
      />
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(undefined);
            setSetup(undefined);
            void reload();
          }}
        />
      ) : setup && !enabled ? (
        <Enrolment
          setup={setup}
          onEnabled={(recovery) => {
            setCodes(recovery);
            notify(message(messages.twoFactorEnabled) ?? '');
          }}
        />
      ) : null}
      {turningOff && (
        <PasswordConfirmDialog
          title={t('settings.security.twoFactorOffTitle')}
          confirmLabel={t('settings.security.twoFactorOff')}
          onClose={() => setTurningOff(false)}
          onConfirm={async (password) => {
            await disableTwoFactor(password);
            setTurningOff(false);
            notify(message(messages.twoFactorDisabled) ?? '');
            await reload();
          }}
        />
      )}
    </SettingsSection>
  );
}
