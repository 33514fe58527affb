import type { Listener } from './listen.js';

/**
 * Values kept in memory only while a NOTIFY subscription tells this process of every change to
 * them (ADR 36, ADR 49). Nothing is cached while the subscription is down, everything is dropped
 * when it is lost or comes back, and a read that overlapped a notification is not cached
 * (`mark` before the read, `put` with the mark after it). A notification's payload is the key
 * it drops; subclasses may read more into it.
 */
export class NotifiedCache<V> implements Listener {
  protected readonly entries = new Map<string, V>();
  private generation = 0;
  private subscribed = false;

  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Call before reading the value from the database; pass the result to `put`. */
  mark(): number {
    return this.generation;
  }

  put(key: string, value: V, mark: number): void {
    if (!this.subscribed || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, value);
  }

  message(payload: string): void {
    this.forget(payload);
  }

  /**
   * Drops a key at once. A process that changed the value calls this after its commit, so its
   * own next request never waits for the notification's round trip.
   */
  forget(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches. */
  protected forgetWhere(matches: (value: V) => boolean): void {
    this.generation++;
    for (const [key, value] of this.entries) if (matches(value)) this.entries.delete(key);
  }

  live(live: boolean): void {
    this.generation++;
    this.subscribed = live;
    this.entries.clear();
  }
}
