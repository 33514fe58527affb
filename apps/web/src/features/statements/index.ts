/** The statements feature's public entry (docs/architecture.md, "Boundaries"). */
export { StatementsButton } from './components/StatementsButton';
