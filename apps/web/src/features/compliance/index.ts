/** The compliance feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { refusalOf, useEligibility } from './api/eligibility';
export { eligibilityText, longDate, useEligibilityText } from './api/eligibility-text';
export { EligibilityAlert, EligibilityNote } from './components/EligibilityNote';
export { CompliancePanel } from './components/CompliancePanel';
export { REASON_MAX } from './components/ReasonField';
