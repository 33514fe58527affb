import { zodResolver } from '@hookform/resolvers/zod';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messages } from '@portal/shared/messages';
import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  type AccountSettings,
  type PersonalDetails as PersonalDetailsValues,
  type PersonalDetailsInput,
  PersonalDetailsSchema,
} from '@portal/shared/settings';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { applyServerError } from '../../../lib/form-errors';
import { useSavePersonal } from '../api/save-personal';
import { useUploadAvatar } from '../api/upload-avatar';
import { SettingsSection } from './SettingsSection';

const FIELDS = ['firstName', 'lastName', 'phone', 'company'] as const;

function ProfilePicture({ personal }: { personal: AccountSettings['personal'] }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadAvatar();
  const [problem, setProblem] = useState<string>();
  const choose = (file: File | undefined) => {
    setProblem(undefined);
    if (!file) return;
    // Checked here for a quick answer; the server checks again, by the file's content.
    if (file.size > AVATAR_MAX_BYTES) return setProblem(messages.avatarTooLarge);
    if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      return setProblem(messages.avatarUnsupported);
    }
    upload.mutate(file, {
      onSuccess: (answer) => notify(message(answer.message ?? messages.avatarUpdated) ?? ''),
      onError: (error) =>
        setProblem(
          error instanceof ApiError ? (error.fields?.contentType ?? error.message) : messages.internalError,
        ),
    });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar
        src={personal.avatarUrl ?? undefined}
        alt={t('settings.personal.picture')}
        sx={{ width: 64, height: 64, fontSize: 24, fontWeight: 700, bgcolor: 'primary.main' }}
      >
        {personal.firstName.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack sx={{ gap: 0.5 }}>
        <Box>
          <Button
            variant="outlined"
            startIcon={<PhotoCameraOutlined />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
          >
            {t('settings.personal.uploadPhoto')}
          </Button>
        </Box>
        <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t('settings.personal.photoHint')}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept={AVATAR_CONTENT_TYPES.join(',')}
          data-testid="avatar-input"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {message(problem)}
        </Alert>
      )}
    </Box>
  );
}

/** docs/product.md §2.12: saved to the account; the name in the top bar follows. */
export function PersonalDetails({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const save = useSavePersonal();
  const [generalError, setGeneralError] = useState<string>();
  const { personal } = settings;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PersonalDetailsInput, unknown, PersonalDetailsValues>({
    resolver: zodResolver(PersonalDetailsSchema),
    values: {
      firstName: personal.firstName,
      lastName: personal.lastName,
      phone: personal.phone,
      company: personal.company,
    },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(undefined);
    try {
      const answer = await save.mutateAsync(values);
      notify(message(answer.message ?? messages.profileSaved) ?? '');
    } catch (error) {
      setGeneralError(applyServerError(error, FIELDS, setError, messages.internalError));
    }
  });

  return (
    <SettingsSection title={t('settings.personal.title')} description={t('settings.personal.description')}>
      <Stack sx={{ gap: 3 }}>
        <ProfilePicture personal={personal} />
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('settings.personal.title')}>
          <Stack sx={{ gap: 2.5 }}>
            {generalError && <Alert severity="error">{message(generalError)}</Alert>}
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextInput
                label={t('settings.personal.firstName')}
                autoComplete="given-name"
                required
                error={message(errors.firstName?.message)}
                {...register('firstName')}
              />
              <TextInput
                label={t('settings.personal.lastName')}
                autoComplete="family-name"
                required
                error={message(errors.lastName?.message)}
                {...register('lastName')}
              />
              <TextInput
                label={t('fields.emailAddress')}
                type="email"
                value={personal.email}
                disabled
                readOnly
              />
              <TextInput
                label={t('settings.personal.phone')}
                type="tel"
                autoComplete="tel"
                placeholder="+1 555 000 0000"
                error={message(errors.phone?.message)}
                slotProps={{ input: { dir: 'ltr' } }}
                {...register('phone')}
              />
              <TextInput
                label={t('settings.personal.company')}
                autoComplete="organization"
                hint={t('settings.personal.optional')}
                error={message(errors.company?.message)}
                {...register('company')}
              />
            </Box>
            <Box>
              <AppButton type="submit" loading={save.isPending}>
                {t('settings.personal.save')}
              </AppButton>
            </Box>
          </Stack>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
