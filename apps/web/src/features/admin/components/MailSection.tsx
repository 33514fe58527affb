import MailOutlined from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { useOutbox } from '../api/admin';

/** What the portal mailed, as metadata only: a message's body (a reset link) is never shown. */
export function MailSection() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const outbox = useOutbox();
  return (
    <SectionCard
      id="admin-mail"
      title={t('admin.mail.title')}
      action={null}
      columns={[t('admin.mail.sent'), t('admin.mail.to'), t('admin.mail.subject'), t('admin.mail.transport')]}
      loading={outbox.isPending}
      problem={outbox.isError && <Alert severity="error">{message(outbox.error.message)}</Alert>}
      empty={outbox.data?.length === 0 ? { icon: <MailOutlined />, title: t('admin.mail.empty') } : undefined}
    >
      {outbox.data?.map((mail) => (
        <TableRow key={mail.id}>
          <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(mail.createdAt, i18n.language)}
          </TableCell>
          <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
            {mail.to}
          </TableCell>
          <TableCell>{mail.subject}</TableCell>
          <TableCell>{mail.transport}</TableCell>
        </TableRow>
      ))}
    </SectionCard>
  );
}
