import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PieChartOutlined from '@mui/icons-material/PieChartOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import TokenOutlined from '@mui/icons-material/TokenOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { type ComponentType, lazy } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { isTabValue, type TabValue } from '../../lib/dashboard-paths';

export interface DashboardTab {
  value: TabValue;
  icon: SvgIconComponent;
  /** What the dashboard shows for `?tab=<value>`; Settings has its own page instead. */
  Panel?: ComponentType;
}

// Each feature owns its panel under features/<name>/ and is loaded when first opened; the
// overview, where the dashboard opens, starts loading with the dashboard itself.
const overviewModule = import('./components/OverviewTab');
const comingSoon = (tab: TabValue) =>
  lazy(async () => {
    const { ComingSoon } = await import('./components/ComingSoon');
    return { default: () => <ComingSoon tab={tab} /> };
  });

export const dashboardTabs: readonly DashboardTab[] = [
  {
    value: 'overview',
    icon: SpaceDashboardOutlined,
    Panel: lazy(async () => ({ default: (await overviewModule).OverviewTab })),
  },
  {
    value: 'vault',
    icon: AccountBalanceWalletOutlined,
    Panel: lazy(async () => ({ default: (await import('../vault/components/VaultTab')).VaultTab })),
  },
  {
    value: 'did',
    icon: FingerprintOutlined,
    Panel: lazy(async () => ({ default: (await import('../did/components/DidTab')).DidTab })),
  },
  {
    value: 'sbt',
    icon: TokenOutlined,
    Panel: lazy(async () => ({ default: (await import('../sbt/components/SbtTab')).SbtTab })),
  },
  {
    value: 'portfolio',
    icon: PieChartOutlined,
    Panel: lazy(async () => ({
      default: (await import('../holdings/components/PortfolioTab')).PortfolioTab,
    })),
  },
  {
    value: 'marketplace',
    icon: StorefrontOutlined,
    Panel: lazy(async () => ({
      default: (await import('../marketplace/components/MarketplaceTab')).MarketplaceTab,
    })),
  },
  { value: 'opportunities', icon: TrendingUpOutlined, Panel: comingSoon('opportunities') },
  { value: 'analytics', icon: InsightsOutlined, Panel: comingSoon('analytics') },
  {
    value: 'assets',
    icon: Inventory2Outlined,
    Panel: lazy(async () => ({ default: (await import('../holdings/components/AssetsTab')).AssetsTab })),
  },
  { value: 'account-settings', icon: SettingsOutlined },
];

/** The tab the current URL shows: /vault, /account-settings and /tokens/:id have their own paths. */
export function useActiveTab(): TabValue {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname === '/vault') return 'vault';
  if (pathname === '/account-settings') return 'account-settings';
  // A token's page belongs to the marketplace it is reached from.
  if (pathname.startsWith('/tokens/')) return 'marketplace';
  const tab = params.get('tab');
  return isTabValue(tab) ? tab : 'overview';
}
