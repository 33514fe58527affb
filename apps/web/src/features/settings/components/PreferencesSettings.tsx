import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { AccountSettings, Preferences } from '@portal/shared/settings';
import { setThemeMode, useThemeMode } from '../../../app/preferences';
import { languageNames } from '../../../components/language-names';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { isLanguage, languages, setLanguage } from '../../../i18n/i18n';
import { useSavePreferences } from '../api/save-preferences';
import { SettingRow, SettingsSection } from './SettingsSection';

const channels = [
  ['email', 'notifyEmail'],
  ['sms', 'notifySms'],
  ['wallet', 'notifyWallet'],
] as const satisfies ReadonlyArray<readonly [string, keyof Preferences]>;

/** Theme and language apply at once and are saved to the account by PreferencesSync. */
export function PreferencesSettings({ settings }: { settings: AccountSettings }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const mode = useThemeMode();
  const save = useSavePreferences();
  return (
    <Stack sx={{ gap: 3 }}>
      <SettingsSection title={t('settings.preferences.appearance')}>
        <SettingRow
          label={t('preferences.theme')}
          control={
            <ToggleButtonGroup
              exclusive
              size="small"
              value={mode}
              onChange={(_event, value: unknown) => {
                if (value === 'light' || value === 'dark') setThemeMode(value);
              }}
              aria-label={t('preferences.theme')}
            >
              <ToggleButton value="light" sx={{ gap: 0.75, paddingInline: 1.5 }}>
                <LightModeOutlined fontSize="small" />
                {t('preferences.light')}
              </ToggleButton>
              <ToggleButton value="dark" sx={{ gap: 0.75, paddingInline: 1.5 }}>
                <DarkModeOutlined fontSize="small" />
                {t('preferences.dark')}
              </ToggleButton>
            </ToggleButtonGroup>
          }
        />
        <Divider />
        <SettingRow
          label={t('preferences.language')}
          control={
            <TextField
              select
              size="small"
              value={isLanguage(i18n.language) ? i18n.language : 'en'}
              onChange={(event) => {
                if (isLanguage(event.target.value)) void setLanguage(event.target.value);
              }}
              sx={{ minWidth: 180, width: 'auto' }}
              slotProps={{ htmlInput: { 'aria-label': t('preferences.language') } }}
            >
              {languages.map((language) => {
                // In the reader's language and in its own; once when they are the same word.
                const label = t(`preferences.languages.${language}`);
                const native = languageNames[language];
                return (
                  <MenuItem key={language} value={language} lang={language}>
                    {label === native ? label : `${label} · ${native}`}
                  </MenuItem>
                );
              })}
            </TextField>
          }
        />
      </SettingsSection>
      <SettingsSection
        title={t('settings.preferences.notifications')}
        description={t('settings.preferences.notificationsHint')}
      >
        {channels.map(([channel, key], index) => (
          <div key={channel}>
            {index > 0 && <Divider />}
            <SettingRow
              label={t(`settings.preferences.channels.${channel}`)}
              hint={t(`settings.preferences.channelHints.${channel}`)}
              control={
                <Switch
                  checked={settings.preferences[key]}
                  onChange={(_event, checked) =>
                    save.mutate(
                      { [key]: checked },
                      {
                        onSuccess: (answer) => notify(message(answer.message) ?? ''),
                        onError: (error) => notify(message(error.message) ?? '', 'error'),
                      },
                    )
                  }
                  slotProps={{ input: { 'aria-label': t(`settings.preferences.channels.${channel}`) } }}
                />
              }
            />
          </div>
        ))}
      </SettingsSection>
    </Stack>
  );
}
