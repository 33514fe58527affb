/** The issuer feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { ISSUER_LOGIN, isIssuerConsoleRole } from './issuer-roles';
