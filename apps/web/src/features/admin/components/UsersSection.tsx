import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@portal/shared/admin';
import { SectionCard } from '../../../components/SectionCard';
import { useMessage } from '../../../i18n/use-message';
import { formatDate } from '../../../lib/format';
import { useAdminUsers } from '../api/admin';

const KYC_COLOR: Record<AdminUser['kycStatus'], 'success' | 'warning' | 'error' | 'default'> = {
  verified: 'success',
  pending: 'warning',
  rejected: 'error',
  rejected_final: 'error',
  not_started: 'default',
};

/** Every user with role, KYC state and vault (the all-users call, docs/product.md §6), searchable by e-mail. */
export function UsersSection() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const [search, setSearch] = useState('');
  const users = useAdminUsers(useDeferredValue(search.trim()));
  return (
    <SectionCard
      id="admin-users"
      title={t('admin.users.title')}
      action={
        <TextField
          size="small"
          type="search"
          label={t('admin.users.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
      }
      columns={[
        t('admin.users.name'),
        t('admin.users.email'),
        t('admin.users.role'),
        t('admin.users.kyc'),
        t('admin.users.vault'),
        t('admin.users.joined'),
      ]}
      loading={users.isPending}
      problem={users.isError && <Alert severity="error">{message(users.error.message)}</Alert>}
      empty={
        users.data?.length === 0 ? { icon: <PeopleAltOutlined />, title: t('admin.users.empty') } : undefined
      }
    >
      {users.data?.map((user) => (
        <TableRow key={user.id} data-testid="admin-user-row">
          <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
            {user.name}
            {user.deactivated && (
              <Chip size="small" label={t('admin.users.deactivated')} sx={{ marginInlineStart: 1 }} />
            )}
          </TableCell>
          <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
            {user.email}
          </TableCell>
          <TableCell>{t(`admin.roles.${user.role}`)}</TableCell>
          <TableCell>
            <Chip
              size="small"
              variant="outlined"
              color={KYC_COLOR[user.kycStatus]}
              label={t(`admin.kycStatuses.${user.kycStatus}`)}
            />
          </TableCell>
          <TableCell>
            {user.vaultStatus === 'active'
              ? t('admin.users.vaultActive', { count: user.walletCount })
              : t(`admin.users.vault_${user.vaultStatus}`)}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt, i18n.language)}</TableCell>
        </TableRow>
      ))}
    </SectionCard>
  );
}
