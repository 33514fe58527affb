import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuerApplication, IssuerApplicationStatus, IssuerRequirement } from '@portal/shared/issuer';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { useKyb, BusinessVerification } from '../../kyb';
import { KycDialog } from '../../kyc';
import { issuerApplicationQueryKey, useNameOrganisation } from '../api/application';

const STATUS_COLORS: Record<IssuerApplicationStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

/**
 * A self-registered issuer's application (ADR 55): its state, what it still needs, and the means
 * to provide each — the organisation's name, business documents, identity verification — here in
 * the console, since the investor app does not admit issuers.
 */
export function ApplicationCard({ application }: { application: IssuerApplication }) {
  const { t } = useTranslation();
  const [kycOpen, setKycOpen] = useState(false);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: issuerApplicationQueryKey });
  // The documents are uploaded through the KYB calls: the application is read again after each.
  const kyb = useKyb();
  const documents = kyb.data?.documents.length;
  useEffect(() => {
    if (documents !== undefined) void client.invalidateQueries({ queryKey: issuerApplicationQueryKey });
  }, [documents, client]);

  const needs = (requirement: IssuerRequirement) => application.missing.includes(requirement);
  const complete = application.missing.length === 0;
  return (
    <Card component="section" aria-labelledby="issuer-application" data-testid="issuer-application">
      <CardHeader
        title={t('issuer.application.title')}
        slotProps={{ title: { id: 'issuer-application', component: 'h3', variant: 'h6' } }}
        action={
          <Chip
            color={STATUS_COLORS[application.status]}
            variant="outlined"
            label={t(`issuer.application.statuses.${application.status}`)}
            data-testid="issuer-application-status"
          />
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { alignSelf: 'center', margin: 0 } }}
      />
      <CardContent>
        <Stack sx={{ gap: 2 }}>
          {application.status === 'rejected' ? (
            <Alert severity="error">
              <AlertTitle>{t('issuer.application.rejectedTitle')}</AlertTitle>
              {application.reason}
              {` ${t('issuer.application.rejectedHint')}`}
            </Alert>
          ) : (
            <Alert severity={complete ? 'success' : 'info'}>
              {complete ? t('issuer.application.complete') : t('issuer.application.intro')}
            </Alert>
          )}
          <List disablePadding aria-label={t('issuer.application.checklist')}>
            <Requirement done={!needs('organisationName')} label={t('issuer.application.organisation')}>
              <OrganisationForm application={application} />
            </Requirement>
            <Requirement
              done={!needs('identityVerified')}
              label={t('issuer.application.identity')}
              detail={t(`admin.kycStatuses.${application.kycStatus}`)}
            >
              {needs('identityVerified') && (
                <AppButton size="sm" variant="outline" onClick={() => setKycOpen(true)}>
                  {t('issuer.application.verifyIdentity')}
                </AppButton>
              )}
            </Requirement>
            <Requirement
              done={!needs('businessDocuments')}
              label={t('issuer.application.documents')}
              detail={t('issuer.application.documentCount', { count: application.businessDocuments })}
            />
          </List>
          <Divider />
          <BusinessVerification />
        </Stack>
      </CardContent>
      {kycOpen && (
        <KycDialog
          open
          onClose={() => {
            setKycOpen(false);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

function Requirement({
  done,
  label,
  detail,
  children,
}: {
  done: boolean;
  label: string;
  detail?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ListItem
      disableGutters
      sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="issuer-requirement"
      data-state={done ? 'done' : 'missing'}
    >
      <ListItemIcon sx={{ minWidth: 32 }}>
        {done ? (
          <CheckCircle color="success" titleAccess={t('issuer.application.done')} />
        ) : (
          <RadioButtonUnchecked color="disabled" titleAccess={t('issuer.application.missing')} />
        )}
      </ListItemIcon>
      <ListItemText primary={label} secondary={detail} sx={{ flex: '1 1 12rem' }} />
      {children}
    </ListItem>
  );
}

function OrganisationForm({ application }: { application: IssuerApplication }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const save = useNameOrganisation();
  const [name, setName] = useState(application.organisationName ?? '');
  const [error, setError] = useState<string>();
  if (application.status === 'approved') return null;
  return (
    <Stack
      component="form"
      direction="row"
      noValidate
      sx={{ gap: 1, alignItems: 'flex-start', flex: '1 1 18rem' }}
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        save.mutate(
          { organisationName: name },
          {
            onSuccess: () => notify(t('issuer.application.saved'), 'success'),
            onError: (failure) => setError(message(failure.message) ?? failure.message),
          },
        );
      }}
    >
      <TextField
        size="small"
        label={t('issuer.application.organisationName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ flex: 1 }}
      />
      <AppButton type="submit" size="sm" loading={save.isPending} sx={{ marginBlockStart: 0.5 }}>
        {t('issuer.application.save')}
      </AppButton>
    </Stack>
  );
}
