/** The notifications feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { useNotifications } from './api/list-notifications';
export { NotificationsDialog } from './components/NotificationsDialog';
export { useLiveNotifications } from './use-live-notifications';
