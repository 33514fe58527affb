import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { User } from '@portal/shared/auth';
import { AppButton } from '../../../components/AppButton';
import { TextInput } from '../../../components/TextInput';
import { SettingsSection } from './SettingsSection';

/** Spec §2: static personal details; the portal has no profile-update call yet. */
export function PersonalDetails({ user }: { user: User }) {
  const { t } = useTranslation();
  const [firstName = '', ...rest] = user.name.split(/\s+/);
  return (
    <SettingsSection
      title={t('settings.personal.title')}
      description={t('settings.personal.description')}
      comingSoon
    >
      <Stack sx={{ gap: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Avatar sx={{ width: 64, height: 64, fontSize: 24, fontWeight: 700, bgcolor: 'primary.main' }}>
            {user.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Button variant="outlined" startIcon={<PhotoCameraOutlined />} disabled>
            {t('settings.personal.uploadPhoto')}
          </Button>
        </Box>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextInput label={t('settings.personal.firstName')} defaultValue={firstName} disabled />
          <TextInput label={t('settings.personal.lastName')} defaultValue={rest.join(' ')} disabled />
          <TextInput label={t('fields.emailAddress')} value={user.email} disabled />
          <TextInput label={t('settings.personal.phone')} placeholder="+1 555 000 0000" disabled />
          <TextInput label={t('settings.personal.company')} hint={t('settings.personal.optional')} disabled />
        </Box>
        <Box>
          <AppButton disabled>{t('settings.personal.save')}</AppButton>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
