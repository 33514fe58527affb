/** The register feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { RegisterDialog } from './components/RegisterDialog';
export { RegistersSection } from './components/RegistersSection';
export { HolderIdentity, holderLabel } from './components/HolderIdentity';
