import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { normalizeRole } from '@portal/shared/roles';
import { PageHeader } from '../../../components/PageHeader';
import { ConsoleShell } from '../../auth';
import { AuditSection } from './AuditSection';
import { ChainSection } from './ChainSection';
import { IssuersSection } from './IssuersSection';
import { JobsSection } from './JobsSection';
import { KybQueueSection } from '../../kyb';
import { KycQueueSection } from './KycQueueSection';
import { ListingsSection } from './ListingsSection';
import { RegistersSection } from '../../register';
import { MailSection } from './MailSection';
import { UsersSection } from './UsersSection';

export const ADMIN_TABS = [
  'users',
  'issuers',
  'kyc',
  'kyb',
  'listings',
  'registers',
  'jobs',
  'chain',
  'mail',
  'audit',
] as const;
type AdminTab = (typeof ADMIN_TABS)[number];
const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.includes(value as AdminTab);

const SECTIONS: Record<AdminTab, () => React.JSX.Element> = {
  users: UsersSection,
  issuers: IssuersSection,
  kyc: KycQueueSection,
  kyb: KybQueueSection,
  listings: ListingsSection,
  registers: RegistersSection,
  jobs: JobsSection,
  chain: ChainSection,
  mail: MailSection,
  audit: AuditSection,
};

/** The admin console at /admin (ADMIN only): run the portal without the API (docs/product.md §2.16). */
export function AdminConsole() {
  const { t } = useTranslation();
  return (
    <ConsoleShell
      title={t('admin.title')}
      signInPath="/login"
      admits={(role) => normalizeRole(role) === 'admin'}
      notAdmitted={(role) => t('admin.notAdmin', { role })}
    >
      {() => <Workspace />}
    </ConsoleShell>
  );
}

function Workspace() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'users';
  const Section = SECTIONS[tab];
  return (
    <>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Box sx={{ borderBlockEnd: 1, borderColor: 'divider', marginBlockEnd: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: AdminTab) => setParams({ tab: next })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('admin.sections')}
        >
          {ADMIN_TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`admin.tabs.${name}`)}
              id={`admin-tab-${name}`}
              aria-controls="admin-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="admin-panel" aria-labelledby={`admin-tab-${tab}`}>
        <Section />
      </Box>
    </>
  );
}
