import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useMessage } from '../../../i18n/use-message';
import { useProfile } from '../../auth';
import { useAccountSettings } from '../api/get-settings';
import { AccountManagement } from './AccountManagement';
import { BlockchainIdentity } from './BlockchainIdentity';
import { ComplianceSettings } from './ComplianceSettings';
import { PersonalDetails } from './PersonalDetails';
import { PreferencesSettings } from './PreferencesSettings';
import { SecuritySettings } from './SecuritySettings';

/** The six tabs of docs/product.md §2.12, in order; `?section=` keeps the choice in the URL. */
const SECTIONS = ['personal', 'security', 'blockchain', 'preferences', 'compliance', 'account'] as const;
type Section = (typeof SECTIONS)[number];

function isSection(value: unknown): value is Section {
  return typeof value === 'string' && (SECTIONS as readonly string[]).includes(value);
}

export function AccountSettingsPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section: Section = isSection(requested) ? requested : 'personal';
  const profile = useProfile();
  const user = profile.data;
  const settings = useAccountSettings();

  const loading = (query: { isError: boolean; error: Error | null }) =>
    query.isError ? (
      <Alert severity="error">{message(query.error?.message)}</Alert>
    ) : (
      <Skeleton variant="rounded" height={320} />
    );

  const content = () => {
    switch (section) {
      case 'security':
        return settings.data ? <SecuritySettings settings={settings.data} /> : loading(settings);
      case 'blockchain':
        return <BlockchainIdentity />;
      case 'preferences':
        return settings.data ? <PreferencesSettings settings={settings.data} /> : loading(settings);
      case 'account':
        return <AccountManagement />;
      case 'personal':
        return settings.data ? <PersonalDetails settings={settings.data} /> : loading(settings);
      case 'compliance':
        return user ? <ComplianceSettings user={user} /> : loading(profile);
    }
  };

  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Box sx={{ borderBlockEnd: 1, borderColor: 'divider', marginBlockEnd: 3 }}>
        <Tabs
          value={section}
          onChange={(_event, value: Section) =>
            setParams(value === 'personal' ? {} : { section: value }, { replace: true })
          }
          variant="scrollable"
          // Arrows only when the tabs overflow (a phone swipes them); compact tabs fit a desktop.
          scrollButtons="auto"
          aria-label={t('settings.title')}
          sx={{ '& .MuiTab-root': { minWidth: 0, paddingInline: 1.5 } }}
        >
          {SECTIONS.map((value) => (
            <Tab key={value} value={value} label={t(`settings.tabs.${value}`)} sx={{ fontWeight: 600 }} />
          ))}
        </Tabs>
      </Box>
      {content()}
    </>
  );
}
