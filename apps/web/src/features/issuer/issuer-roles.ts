import { normalizeRole } from '@portal/shared/roles';

/** The issuer console admits issuers and administrators (docs/product.md §4.2); the investor app keeps its own gate. */
export function isIssuerConsoleRole(role: string | null | undefined): boolean {
  const normalized = role ? normalizeRole(role) : undefined;
  return normalized === 'issuer' || normalized === 'admin';
}

export const ISSUER_HOME = '/issuer';
export const ISSUER_LOGIN = '/issuer/login';
