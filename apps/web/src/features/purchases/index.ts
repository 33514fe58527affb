/** The purchases feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { useMyAssets } from './api/my-assets';
