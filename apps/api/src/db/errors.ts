/** True when `error` (or what it wraps) is PostgreSQL's unique_violation, on pg and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e: unknown = error;
    e instanceof Error || (typeof e === 'object' && e !== null);
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}
