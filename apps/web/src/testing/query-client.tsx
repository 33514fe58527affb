import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';

/** `element` with a fresh query cache (no retries), as the dashboard layout would provide one. */
export function withQueryClient(element: ReactElement): ReactElement {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return <QueryClientProvider client={client}>{element}</QueryClientProvider>;
}
