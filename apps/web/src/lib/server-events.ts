import { useEffect, useRef } from 'react';
import { api, COOKIE_SESSION_TOKEN } from './api-client';
import { getAuthToken } from './auth-storage';

type Handler = (data: unknown) => void;
interface Subscriber {
  names: readonly string[];
  call(name: string, data: unknown): void;
}

const subscribers = new Set<Subscriber>();
const attached = new Set<string>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 1000;

function dispatch(name: string) {
  return (event: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    for (const subscriber of subscribers) subscriber.call(name, data);
  };
}

function listen(name: string): void {
  if (!source || attached.has(name)) return;
  source.addEventListener(name, dispatch(name));
  attached.add(name);
}

/**
 * One stream per page, shared by every subscriber. The session cookie authenticates it, so only
 * cookie sessions (the web app's) get live events. A refused stream (the 15-minute access cookie
 * ran out) renews the session the usual way, then reconnects, backing off up to 30 s.
 */
function open(): void {
  if (source || typeof EventSource === 'undefined' || getAuthToken() !== COOKIE_SESSION_TOKEN) return;
  const current = new EventSource('/api/events');
  source = current;
  attached.clear();
  for (const subscriber of subscribers) subscriber.names.forEach(listen);
  current.onopen = () => {
    retryDelay = 1000;
  };
  current.onerror = () => {
    // While CONNECTING the browser retries by itself; CLOSED means the server refused the stream.
    if (current.readyState !== EventSource.CLOSED) return;
    current.close();
    source = null;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void api.refreshSession().then((renewed) => {
        if (renewed && subscribers.size) open();
      });
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30_000);
  };
}

function close(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
}

/**
 * Live server events for the signed-in user (GET /api/events): `handlers` maps event names
 * (`notification`, `ready` after every (re)connection, or any name a feature publishes) to
 * callbacks, which may change between renders.
 */
export function useServerEvents(handlers: Record<string, Handler>): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const nameList = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    const names = nameList.split(',');
    const subscriber: Subscriber = { names, call: (name, data) => latest.current[name]?.(data) };
    subscribers.add(subscriber);
    if (source) names.forEach(listen);
    else open();
    return () => {
      subscribers.delete(subscriber);
      if (!subscribers.size) close();
    };
  }, [nameList]);
}
