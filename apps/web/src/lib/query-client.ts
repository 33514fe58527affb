import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { getAuthToken, subscribeAuth } from './auth-storage';

/** With the default doubling delay (1 s … 30 s): about a minute of tries before the error shows. */
const UNAVAILABLE_RETRIES = 6;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not get better by asking again; network and 5xx errors get two more tries, and
      // a 503 (a dependency is down, the page says it is retrying) keeps trying for about a minute.
      retry: (failures, error) => {
        if (error instanceof ApiError && error.status === 503) return failures < UNAVAILABLE_RETRIES;
        return !(error instanceof ApiError && error.status < 500) && failures < 2;
      },
    },
  },
});

// One user's cached data must never show for the next one who signs in on this browser.
subscribeAuth(() => {
  if (!getAuthToken()) queryClient.clear();
});
