/** The did feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { useDid } from './api/get-did';
export { useStartDid } from './api/start-did';
