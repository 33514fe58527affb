import type { Role } from '@portal/shared/roles';
import type { Listener } from '../../db/listen.js';

export interface LiveSession {
  sessionId: string;
  userId: string;
  role: Role;
  absoluteExpiresAt: Date;
}

const MAX_ENTRIES = 50_000;

/**
 * Live sessions kept in memory so a signed-in read costs no session query (ADR 36). Safe against
 * revocation by any process: the database notifies every process after a session or its user
 * changes (migration 0006), and an entry is dropped at once. Nothing is cached while the
 * subscription is down, and a read that raced with a notification is not cached (`generation`).
 */
export class SessionCache implements Listener {
  private readonly entries = new Map<string, LiveSession>();
  private generation = 0;
  private subscribed = false;

  get(sessionId: string, now: Date): LiveSession | undefined {
    const entry = this.entries.get(sessionId);
    if (entry && entry.absoluteExpiresAt <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Call before reading a session from the database; pass the result to `put`. */
  mark(): number {
    return this.generation;
  }

  put(session: LiveSession, mark: number): void {
    if (!this.subscribed || mark !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(session.sessionId, session);
  }

  message(payload: string): void {
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 's:') this.forget(id);
    else this.forgetUser(id);
  }

  /**
   * Drops a session at once. The process that revoked it calls this after its commit, so its own
   * next request never waits for the notification's round trip; other processes get the notification.
   */
  forget(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [sessionId, entry] of this.entries)
      if (entry.userId === userId) this.entries.delete(sessionId);
  }

  live(live: boolean): void {
    this.generation++;
    this.subscribed = live;
    this.entries.clear();
  }
}
