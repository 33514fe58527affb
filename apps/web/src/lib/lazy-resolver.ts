import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose validation code (zod and the shared schemas) is fetched after
 * the page has rendered: it is not needed until the first check, and keeps the sign-in page's
 * first download small. `preload` starts the fetch early, e.g. when the form mounts.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): { resolver: Resolver<TInput, unknown, TOutput>; preload: () => void } {
  let pending: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined; // a failed download is retried on the next check
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
