import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@portal/shared/admin';
import { messages } from '@portal/shared/messages';
import { normalizeRole } from '@portal/shared/roles';
import { FormDialog } from '../../../components/FormDialog';
import { useNotify } from '../../../components/Notifier';
import { SectionCard } from '../../../components/SectionCard';
import { useMessage } from '../../../i18n/use-message';
import { formatDate } from '../../../lib/format';
import { RejectDialog } from '../../../components/RejectDialog';
import { REASON_MAX } from '../../compliance';
import { useAdminUsers, useSetAccreditation, useSetRole } from '../api/admin';

const ROLES: AdminUser['role'][] = ['INVESTOR', 'ISSUER', 'ADMIN'];

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
  const [changing, setChanging] = useState<{ user: AdminUser; role: AdminUser['role'] }>();
  const [accrediting, setAccrediting] = useState<AdminUser>();
  return (
    <>
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
          t('admin.users.accredited'),
          t('admin.users.joined'),
        ]}
        loading={users.isPending}
        problem={users.isError && <Alert severity="error">{message(users.error.message)}</Alert>}
        empty={
          users.data?.length === 0
            ? { icon: <PeopleAltOutlined />, title: t('admin.users.empty') }
            : undefined
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
            <TableCell>
              <TextField
                select
                size="small"
                value={user.role}
                onChange={(event) => setChanging({ user, role: event.target.value as AdminUser['role'] })}
                slotProps={{ htmlInput: { 'aria-label': t('admin.users.roleOf', { name: user.name }) } }}
                sx={{ minWidth: 150 }}
              >
                {ROLES.map((role) => (
                  <MenuItem key={role} value={role}>
                    {t(`admin.roles.${role}`)}
                  </MenuItem>
                ))}
              </TextField>
            </TableCell>
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
            <TableCell>
              {/* Only a verified investor can be accredited; the others show their state. */}
              {user.role === 'INVESTOR' && user.kycStatus === 'verified' ? (
                <Switch
                  checked={user.accredited}
                  onChange={() => setAccrediting(user)}
                  slotProps={{ input: { 'aria-label': t('admin.users.accreditedOf', { name: user.name }) } }}
                />
              ) : (
                t(user.accredited ? 'admin.users.accreditedYes' : 'admin.users.accreditedNo')
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt, i18n.language)}</TableCell>
          </TableRow>
        ))}
      </SectionCard>
      {changing && <RoleDialog {...changing} onClose={() => setChanging(undefined)} />}
      {accrediting && <AccreditationDialog user={accrediting} onClose={() => setAccrediting(undefined)} />}
    </>
  );
}

/** A role changes only once confirmed: granting issuer approves the account, and it is audited. */
function RoleDialog({
  user,
  role,
  onClose,
}: {
  user: AdminUser;
  role: AdminUser['role'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const setRole = useSetRole();
  const [error, setError] = useState<string>();
  const names = { name: user.name, from: t(`admin.roles.${user.role}`), to: t(`admin.roles.${role}`) };
  return (
    <FormDialog
      title={t('admin.users.roleTitle', names)}
      submitLabel={t('admin.users.roleConfirm')}
      cancelLabel={t('common.cancel')}
      busy={setRole.isPending}
      error={error}
      onClose={onClose}
      onSubmit={() =>
        setRole.mutate(
          { userId: user.id, role: normalizeRole(role)! },
          {
            onSuccess: () => {
              notify(t('admin.users.roleChanged', names), 'success');
              onClose();
            },
            onError: (failure) => setError(message(failure.message) ?? failure.message),
          },
        )
      }
    >
      <Typography variant="body2">
        {t(role === 'ISSUER' ? 'admin.users.roleIssuerHint' : 'admin.users.roleHint', names)}
      </Typography>
    </FormDialog>
  );
}

/** Accreditation changes with a reason, kept in the audit log (docs/product.md §4.12). */
function AccreditationDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const accredit = useSetAccreditation();
  const accredited = !user.accredited;
  return (
    <RejectDialog
      title={t(accredited ? 'admin.users.accreditTitle' : 'admin.users.unaccreditTitle', { name: user.name })}
      submitLabel={t(accredited ? 'admin.users.accredit' : 'admin.users.unaccredit')}
      reasonLabel={t('compliance.reason')}
      requiredText={t('compliance.reasonRequired')}
      maxLength={REASON_MAX}
      busy={accredit.isPending}
      onClose={onClose}
      reject={(reason, fail) =>
        accredit.mutate(
          { userId: user.id, accredited, reason },
          {
            onSuccess: () => {
              notify(message(messages.accreditationSaved) ?? messages.accreditationSaved, 'success');
              onClose();
            },
            onError: fail,
          },
        )
      }
    >
      <Typography variant="body2">
        {t(accredited ? 'admin.users.accreditHint' : 'admin.users.unaccreditHint', { name: user.name })}
      </Typography>
    </RejectDialog>
  );
}
