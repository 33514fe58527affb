/** A server-sent event for one user: a name and a JSON-serialisable payload. */
export type ServerEventListener = (event: string, data: unknown) => void;

/** At most this many open streams per user (tabs, devices); the oldest is closed beyond it. */
export const MAX_STREAMS_PER_USER = 8;

/**
 * Live events to the browsers of one user, in this process. Any feature publishes with
 * `publish(userId, event, data)` (notifications, purchase progress); GET /api/events streams them.
 * Several API processes would relay through PostgreSQL LISTEN/NOTIFY (ADR 0022).
 */
interface Stream {
  listener: ServerEventListener;
  close: () => void;
  /** The session the stream was opened with, and how it checks that session is still live. */
  session?: { id: string; recheck: () => void } | undefined;
}

export class EventHub {
  private readonly listeners = new Map<string, Stream[]>();

  /** Returns the unsubscribe function; `close` is called if this stream is pushed out. */
  subscribe(
    userId: string,
    listener: ServerEventListener,
    close: () => void = () => {},
    session?: Stream['session'],
  ): () => void {
    const streams = this.listeners.get(userId) ?? [];
    const entry: Stream = { listener, close, session };
    streams.push(entry);
    this.listeners.set(userId, streams);
    if (streams.length > MAX_STREAMS_PER_USER) streams.shift()!.close();
    return () => {
      const current = this.listeners.get(userId);
      if (!current) return;
      const rest = current.filter((item) => item !== entry);
      if (rest.length) this.listeners.set(userId, rest);
      else this.listeners.delete(userId);
    };
  }

  publish(userId: string, event: string, data: unknown): void {
    for (const { listener } of this.listeners.get(userId) ?? []) listener(event, data);
  }

  /** A session, or every session of a user, changed: their streams check whether to go on. */
  sessionsChanged(change: { sessionId: string } | { userId: string }): void {
    const streams =
      'userId' in change
        ? (this.listeners.get(change.userId) ?? [])
        : [...this.listeners.values()].flat().filter((s) => s.session?.id === change.sessionId);
    for (const stream of streams) stream.session?.recheck();
  }

  /** Ends every stream (shutdown): an open stream would otherwise keep the server from closing. */
  closeAll(): void {
    for (const streams of [...this.listeners.values()]) for (const { close } of [...streams]) close();
    this.listeners.clear();
  }
}
