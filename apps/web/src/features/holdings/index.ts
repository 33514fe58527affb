/** The holdings feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { useHoldings } from './api/holdings';
export { useVaultBalances } from './api/vault-balances';
export { eth as ethText } from './api/amounts';
export { VaultBalance } from './components/VaultBalance';
