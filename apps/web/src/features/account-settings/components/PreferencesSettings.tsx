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
import { setThemeMode, useThemeMode } from '../../../app/preferences';
import { languageNames } from '../../../components/language-names';
import { isLanguage, languages, setLanguage } from '../../../i18n/i18n';
import { SettingRow, SettingsSection } from './SettingsSection';

const notificationChannels = ['email', 'sms', 'wallet'] as const;

export function PreferencesSettings() {
  const { t, i18n } = useTranslation();
  const mode = useThemeMode();
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
              {languages.map((language) => (
                <MenuItem key={language} value={language} lang={language}>
                  {t(`preferences.languages.${language}`)} · {languageNames[language]}
                </MenuItem>
              ))}
            </TextField>
          }
        />
      </SettingsSection>
      <SettingsSection title={t('settings.preferences.notifications')} comingSoon>
        {notificationChannels.map((channel, index) => (
          <div key={channel}>
            {index > 0 && <Divider />}
            <SettingRow
              label={t(`settings.preferences.channels.${channel}`)}
              control={
                <Switch
                  disabled
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
