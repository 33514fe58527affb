/** The distributions feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { DistributionsDialog } from './components/DistributionsDialog';
export { IncomeCard } from './components/IncomeChart';
export { IncomeTotal } from './components/IncomeTotal';
export { useIncome } from './api/distributions';
export { TokenIncome } from './components/TokenIncome';
