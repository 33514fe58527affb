import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_STATUSES, type JobStatus } from '@portal/shared/admin';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { SectionCard } from '../../../components/SectionCard';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { useAdminJobs, useRetryJob } from '../api/admin';

/** Background jobs by status with their counts; a failed job shows its error and can run again. */
export function JobsSection() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const [status, setStatus] = useState<JobStatus>('failed');
  const jobs = useAdminJobs(status);
  const retry = useRetryJob();
  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="admin-job-counts">
        {JOB_STATUSES.map((name) => (
          <Chip
            key={name}
            variant={name === status ? 'filled' : 'outlined'}
            color={name === 'failed' && (jobs.data?.counts.failed ?? 0) > 0 ? 'error' : 'default'}
            label={t('admin.jobs.count', {
              status: t(`admin.jobStatuses.${name}`),
              count: jobs.data?.counts[name] ?? 0,
            })}
            onClick={() => setStatus(name)}
          />
        ))}
      </Stack>
      <SectionCard
        id="admin-jobs"
        title={t('admin.jobs.title')}
        action={
          <TextField
            select
            size="small"
            label={t('admin.jobs.status')}
            value={status}
            onChange={(event) => setStatus(event.target.value as JobStatus)}
            sx={{ minWidth: 160 }}
          >
            {JOB_STATUSES.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`admin.jobStatuses.${name}`)}
              </MenuItem>
            ))}
          </TextField>
        }
        columns={[
          t('admin.jobs.queue'),
          t('admin.jobs.attempts'),
          t('admin.jobs.error'),
          t('admin.jobs.updated'),
          t('admin.jobs.requestId'),
          t('admin.jobs.actions'),
        ]}
        loading={jobs.isPending}
        problem={jobs.isError && <Alert severity="error">{message(jobs.error.message)}</Alert>}
        empty={
          jobs.data?.jobs.length === 0
            ? {
                icon: <WorkHistoryOutlined />,
                title: t(`admin.jobs.empty.${status}`),
              }
            : undefined
        }
      >
        {jobs.data?.jobs.map((job) => (
          <TableRow key={job.id} data-testid="admin-job-row" data-job-id={job.id}>
            <TableCell component="th" scope="row" dir="ltr" sx={{ fontWeight: 600, textAlign: 'start' }}>
              {job.queue}
            </TableCell>
            <TableCell>{`${job.attempts} / ${job.maxAttempts}`}</TableCell>
            <TableCell dir="ltr" sx={{ textAlign: 'start', maxWidth: 320, overflowWrap: 'anywhere' }}>
              {job.lastError ?? '—'}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(job.updatedAt, i18n.language)}
            </TableCell>
            <TableCell dir="ltr" sx={{ textAlign: 'start', fontFamily: 'monospace', fontSize: 12 }}>
              {job.requestId ?? '—'}
            </TableCell>
            <TableCell>
              {job.status === 'failed' && (
                <AppButton
                  size="sm"
                  variant="outline"
                  loading={retry.isPending && retry.variables === job.id}
                  onClick={() =>
                    retry.mutate(job.id, {
                      onSuccess: () => notify(t('admin.jobs.retried', { queue: job.queue }), 'success'),
                      onError: (error) => notify(message(error.message) ?? error.message, 'error'),
                    })
                  }
                >
                  {t('admin.jobs.retry')}
                </AppButton>
              )}
            </TableCell>
          </TableRow>
        ))}
      </SectionCard>
    </Stack>
  );
}
