/** The kyb feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { kybQueryKey, useKyb } from './api/kyb';
export { BusinessVerification } from './components/BusinessVerification';
export { KybQueueSection } from './components/KybQueueSection';
