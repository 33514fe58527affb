import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuerApplicationStatus, IssuerReviewItem } from '@portal/shared/issuer';
import { KYB_REASON_MAX } from '@portal/shared/kyb';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { RejectDialog } from '../../../components/RejectDialog';
import { SectionCard } from '../../../components/SectionCard';
import { useMessage } from '../../../i18n/use-message';
import { formatDate } from '../../../lib/format';
import { useIssuerApplications, useIssuerDecision } from '../api/admin';

const STATUS_COLORS: Record<IssuerApplicationStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

/**
 * Issuer applications (ADR 55): who applies for which organisation, what is still missing, and
 * the decision. Approving also approves the pending business documents (see the KYB tab).
 */
export function IssuersSection() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const applications = useIssuerApplications();
  const decide = useIssuerDecision();
  const [rejecting, setRejecting] = useState<IssuerReviewItem>();
  return (
    <>
      <SectionCard
        id="admin-issuers"
        title={t('admin.issuers.title')}
        action={null}
        columns={[
          t('admin.issuers.organisation'),
          t('admin.issuers.applicant'),
          t('admin.issuers.requirements'),
          t('admin.issuers.status'),
          t('admin.issuers.submitted'),
          t('admin.issuers.actions'),
        ]}
        loading={applications.isPending}
        problem={
          applications.isError && <Alert severity="error">{message(applications.error.message)}</Alert>
        }
        empty={
          applications.data?.length === 0
            ? { icon: <StorefrontOutlined />, title: t('admin.issuers.empty') }
            : undefined
        }
      >
        {applications.data?.map((item) => (
          <TableRow key={item.userId} data-testid="admin-issuer-row">
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {item.organisationName ?? '—'}
            </TableCell>
            <TableCell>
              {item.name}
              <Typography
                variant="caption"
                dir="ltr"
                sx={{
                  display: 'block',
                  color: 'text.secondary',
                  textAlign: 'start',
                  overflowWrap: 'anywhere',
                }}
              >
                {item.email}
              </Typography>
            </TableCell>
            <TableCell>
              {item.status === 'approved' ? (
                '—'
              ) : item.missing.length === 0 ? (
                <Chip size="small" color="success" variant="outlined" label={t('admin.issuers.complete')} />
              ) : (
                <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                  {item.missing.map((requirement) => (
                    <Chip
                      key={requirement}
                      size="small"
                      variant="outlined"
                      label={t(`admin.issuers.missing.${requirement}`)}
                    />
                  ))}
                </Stack>
              )}
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                color={STATUS_COLORS[item.status]}
                label={t(`issuer.application.statuses.${item.status}`)}
              />
              {item.status === 'rejected' && item.reason && (
                <Typography variant="caption" sx={{ display: 'block', marginBlockStart: 0.5 }}>
                  {item.reason}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(item.submittedAt, i18n.language)}</TableCell>
            <TableCell>
              {item.status === 'pending' && (
                <Stack direction="row" sx={{ gap: 1 }}>
                  <AppButton
                    size="sm"
                    disabled={item.missing.length > 0}
                    loading={decide.isPending && decide.variables.userId === item.userId}
                    onClick={() =>
                      decide.mutate(
                        { userId: item.userId, approve: true },
                        {
                          onSuccess: () =>
                            notify(t('admin.issuers.approved', { name: item.organisationName }), 'success'),
                          onError: (error) => notify(message(error.message) ?? error.message, 'error'),
                        },
                      )
                    }
                  >
                    {t('admin.issuers.approve')}
                  </AppButton>
                  <AppButton size="sm" variant="outline" onClick={() => setRejecting(item)}>
                    {t('admin.issuers.reject')}
                  </AppButton>
                </Stack>
              )}
            </TableCell>
          </TableRow>
        ))}
      </SectionCard>
      {rejecting && (
        <RejectDialog
          title={t('admin.issuers.rejectTitle', { name: rejecting.organisationName ?? rejecting.name })}
          submitLabel={t('admin.issuers.reject')}
          reasonLabel={t('admin.kyb.reasonLabel')}
          maxLength={KYB_REASON_MAX}
          busy={decide.isPending}
          onClose={() => setRejecting(undefined)}
          reject={(reason, fail) =>
            decide.mutate(
              { userId: rejecting.userId, approve: false, reason },
              {
                onSuccess: () => {
                  notify(t('admin.issuers.rejected'), 'success');
                  setRejecting(undefined);
                },
                onError: fail,
              },
            )
          }
        />
      )}
    </>
  );
}
