/** The holding credentials feature's public entry (docs/architecture.md, "Boundaries"). */
export { HoldingCredentialsSection } from './components/HoldingCredentialsSection';
