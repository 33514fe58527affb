/** The vault feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { useCreateVault } from './api/create-vault';
export { QrCode } from './components/QrCode';
