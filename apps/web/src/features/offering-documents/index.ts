/** The offering-documents feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { OfferingDocumentsDialog } from './components/OfferingDocumentsDialog';
export { OfferingTerms, useTermsGate } from './components/OfferingTerms';
