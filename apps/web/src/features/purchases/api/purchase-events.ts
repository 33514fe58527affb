import { useQueryClient } from '@tanstack/react-query';
import { SERVER_EVENTS } from '@portal/shared/notifications';
import { COOKIE_SESSION_TOKEN } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-storage';
import { assetsQueryKey } from '../../../lib/query-keys';
import { useServerEvents } from '../../../lib/server-events';

/** The live stream is authenticated by the session cookie: bearer sessions fall back to asking. */
export const hasLiveEvents = () =>
  typeof EventSource !== 'undefined' && getAuthToken() === COOKIE_SESSION_TOKEN;

/**
 * With live events, an unsettled purchase is still asked about this often: an event lost on the
 * way (a stream dropped and reopened in between) must not leave a purchase shown as settling.
 */
export const MISSED_EVENT_MS = 5000;

/** How often to ask about something still settling: rarely when events are pushed, else `withoutEventsMs`. */
export function settlingPollMs(
  unsettled: boolean,
  withoutEventsMs: number,
  live: boolean = hasLiveEvents(),
): number | false {
  if (!unsettled) return false;
  return live ? MISSED_EVENT_MS : withoutEventsMs;
}

/**
 * Settlement progress is pushed by the server (SERVER_EVENTS.purchase): the purchase and the
 * assets are fetched again when it moves, and after every (re)connection in case one was missed.
 */
export function usePurchaseEvents(): void {
  const queryClient = useQueryClient();
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: id ? ['purchase', id] : ['purchase'] });
    void queryClient.invalidateQueries({ queryKey: assetsQueryKey });
  };
  useServerEvents({
    [SERVER_EVENTS.purchase]: (data) => {
      const id = (data as { id?: unknown } | null)?.id;
      refresh(typeof id === 'string' ? id : undefined);
    },
    [SERVER_EVENTS.ready]: () => refresh(),
  });
}
