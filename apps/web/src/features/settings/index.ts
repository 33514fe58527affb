/** The settings feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { applyAccountPreferences } from './account-preferences';
export { PreferencesSync } from './components/PreferencesSync';
export { SettingRow } from './components/SettingsSection';
export { useLinkedWallets } from './api/linked-wallets';
