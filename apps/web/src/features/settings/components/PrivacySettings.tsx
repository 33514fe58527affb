import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { useAccountSettings } from '../api/get-settings';
import { useSetPrivacy } from '../api/privacy';
import { SettingRow, SettingsSection } from './SettingsSection';

/** Privacy: the consent that lets issuers see the user's name in their register (off by default, ADR 69). */
export function PrivacySettings() {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const settings = useAccountSettings();
  const save = useSetPrivacy();
  const shown = save.isPending ? save.variables : settings.data?.privacy.showNameToIssuers;
  return (
    <SettingsSection title={t('settings.privacy.title')}>
      <SettingRow
        label={t('settings.privacy.showName')}
        hint={t('settings.privacy.showNameHint')}
        control={
          settings.data ? (
            <Switch
              checked={shown ?? false}
              onChange={(_event, checked) =>
                save.mutate(checked, { onError: (error) => notify(message(error.message) ?? '', 'error') })
              }
              slotProps={{ input: { 'aria-label': t('settings.privacy.showName') } }}
              data-testid="privacy-show-name"
            />
          ) : (
            <Skeleton variant="rounded" width={58} height={38} />
          )
        }
      />
    </SettingsSection>
  );
}
