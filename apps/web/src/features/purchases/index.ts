/** The purchases feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { settlingPollMs, usePurchaseEvents } from './api/purchase-events';
export { TransactionHash } from './components/TransactionHash';
