/** The redemptions feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { RedeemButton } from './components/RedeemButton';
export { RedemptionsSection } from './components/RedemptionsSection';
export { RedemptionWindowsDialog } from './components/RedemptionWindowsDialog';
