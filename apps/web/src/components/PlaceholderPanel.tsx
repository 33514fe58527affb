import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

/** A dashboard page that has nothing to show yet, and says so plainly. */
export function PlaceholderPanel({
  title,
  headline,
  description,
  icon = <AutoAwesomeOutlined />,
}: {
  title: string;
  headline: string;
  description: string;
  icon?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState icon={icon} title={headline} description={description} />
      </Card>
    </>
  );
}
