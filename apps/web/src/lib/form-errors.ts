import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a failed call's per-field messages under their fields (docs/product.md §2.2, §5) and returns the general
 * message for above the form: none when a field took it, the server's text otherwise, or the
 * caller's default when the call never got an answer.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): string | undefined {
  if (!(error instanceof ApiError)) return fallback;
  const serverFields = error.fields ?? {};
  let placed = false;
  for (const field of fields) {
    const message = serverFields[field];
    if (message) {
      setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed ? undefined : error.message;
}
