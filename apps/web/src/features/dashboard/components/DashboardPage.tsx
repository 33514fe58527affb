import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { dashboardTabs, useActiveTab } from '../tabs';
import { TabLoading } from './TabLoading';

/** `/dashboard?tab=<value>`: the chosen tab's panel (Overview when none or unknown). */
export function DashboardPage() {
  const active = useActiveTab();
  const tab = dashboardTabs.find((candidate) => candidate.value === active);
  if (!tab?.Panel) return <Navigate to="/account-settings" replace />;
  const { Panel } = tab;
  return (
    <Suspense fallback={<TabLoading />}>
      <Panel />
    </Suspense>
  );
}
