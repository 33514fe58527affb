import pg from 'pg';

/**
 * A NOTIFY subscriber. `live(false)` says messages may have been missed (the connection dropped);
 * `live(true)` that the subscription is back — a consumer that caches must drop what it holds
 * and cache nothing while it is not live.
 */
export interface Listener {
  message(payload: string): void;
  live(live: boolean): void;
}

const RETRY_MS = 1000;

/**
 * LISTEN on a dedicated connection (a pooled one would hand the subscription to other queries),
 * reconnecting after a drop until stopped.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  listener: Listener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      listener.live(false);
      void next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(lostAtConnect), RETRY_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) listener.message(message.payload ?? '');
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    listener.live(true);
  };
  const lostAtConnect = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(lostAtConnect), RETRY_MS);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    listener.live(false);
    await current?.end().catch(() => {});
  };
}
