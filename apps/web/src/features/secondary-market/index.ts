/** The secondary market feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { HoldingTradeActions } from './components/HoldingTradeActions';
export { IssuerSecondaryDialog } from './components/IssuerSecondaryDialog';
export { MySecondarySection } from './components/MySecondarySection';
export { SecondaryOffers } from './components/SecondaryOffers';
