import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/admin';

/** What administrators did, newest first: who, what, on which object, with the request id. */
export function AuditSection() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const audit = useAuditLog();
  return (
    <SectionCard
      id="admin-audit"
      title={t('admin.audit.title')}
      action={null}
      columns={[
        t('admin.audit.when'),
        t('admin.audit.admin'),
        t('admin.audit.action'),
        t('admin.audit.target'),
        t('admin.audit.detail'),
      ]}
      loading={audit.isPending}
      problem={audit.isError && <Alert severity="error">{message(audit.error.message)}</Alert>}
      empty={
        audit.data?.length === 0 ? { icon: <HistoryOutlined />, title: t('admin.audit.empty') } : undefined
      }
    >
      {audit.data?.map((entry) => (
        <TableRow key={entry.id} data-testid="admin-audit-row">
          <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(entry.createdAt, i18n.language)}
          </TableCell>
          <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
            {entry.adminEmail}
          </TableCell>
          <TableCell>{t(`admin.audit.actions.${entry.action}`, { defaultValue: entry.action })}</TableCell>
          <TableCell dir="ltr" sx={{ textAlign: 'start', fontFamily: 'monospace', fontSize: 12 }}>
            {`${entry.targetType} ${entry.targetId}`}
          </TableCell>
          <TableCell
            dir="ltr"
            sx={{ textAlign: 'start', maxWidth: 320, overflowWrap: 'anywhere', fontSize: 12 }}
          >
            {Object.keys(entry.detail).length ? JSON.stringify(entry.detail) : '—'}
          </TableCell>
        </TableRow>
      ))}
    </SectionCard>
  );
}
