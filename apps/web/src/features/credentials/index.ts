/** The credentials feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { ViewCredentialButton } from './components/ViewCredentialButton';
