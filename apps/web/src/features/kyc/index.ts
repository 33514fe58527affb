/** The kyc feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { KycDialog } from './components/KycDialog';
export { SyncKycButton } from './components/SyncKycButton';
