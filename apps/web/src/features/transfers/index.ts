/** The transfers feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { SendButton } from './components/SendButton';
export { TransfersSection } from './components/TransfersSection';
