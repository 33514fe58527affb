/**
 * Where each dashboard tab lives. Kept apart from the dashboard's tab registry (which imports
 * every feature's panel) so a feature can link to another tab without an import cycle.
 */

/** The drawer items of docs/product.md §2.3, in order; the label key is `nav.<value>`. */
export const TAB_VALUES = [
  'overview',
  'vault',
  'did',
  'sbt',
  'portfolio',
  'marketplace',
  'opportunities',
  'analytics',
  'assets',
  'account-settings',
] as const;
export type TabValue = (typeof TAB_VALUES)[number];

export function isTabValue(value: unknown): value is TabValue {
  return typeof value === 'string' && (TAB_VALUES as readonly string[]).includes(value);
}

/** Where a drawer item leads: tabs live in the URL so they can be bookmarked and shared. */
export function tabHref(value: TabValue): string {
  if (value === 'account-settings') return '/account-settings';
  return value === 'overview' ? '/dashboard' : `/dashboard?tab=${value}`;
}
