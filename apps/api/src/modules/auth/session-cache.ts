import type { Role } from '@portal/shared/roles';
import { NotifiedCache } from '../../db/notified-cache.js';

export interface LiveSession {
  sessionId: string;
  userId: string;
  role: Role;
  absoluteExpiresAt: Date;
  /** When the session was last marked as used, as read (the active-sessions list). */
  lastUsedAt: Date;
}

const MAX_ENTRIES = 50_000;

/**
 * Live sessions kept in memory so a signed-in read costs no session query (ADR 36). Safe against
 * revocation by any process: the database notifies every process after a session (`s:<id>`) or
 * its user (`u:<id>`) changes (migration 0006), and the entries are dropped at once.
 */
export class SessionCache extends NotifiedCache<LiveSession> {
  /** `changed` hears the same notifications, for what else was opened with a session (streams). */
  constructor(
    private readonly changed: (change: { sessionId: string } | { userId: string }) => void = () => {},
  ) {
    super(MAX_ENTRIES);
  }

  getLive(sessionId: string, now: Date): LiveSession | undefined {
    const entry = this.get(sessionId);
    if (entry && entry.absoluteExpiresAt <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  override message(payload: string): void {
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 's:') {
      this.forget(id);
      this.changed({ sessionId: id });
    } else {
      this.forgetUser(id);
      this.changed({ userId: id });
    }
  }

  forgetUser(userId: string): void {
    this.forgetWhere((entry) => entry.userId === userId);
  }
}
