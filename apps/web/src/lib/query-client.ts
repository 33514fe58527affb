import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { getAuthToken, subscribeAuth } from './auth-storage';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not get better by asking again; network and 5xx errors get two more tries.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});

// One user's cached data must never show for the next one who signs in on this browser.
subscribeAuth(() => {
  if (!getAuthToken()) queryClient.clear();
});
