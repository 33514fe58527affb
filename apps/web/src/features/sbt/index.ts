/** The sbt feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { useSbts } from './api/list-sbts';
export { SbtStatusChip } from './components/SbtStatusChip';
export { createSbtHref } from './create-link';
