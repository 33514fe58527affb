import type { User } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { displayRole } from '@portal/shared/roles';
import type { NotifiedCache } from '../../db/notified-cache.js';
import { DomainError } from '../../errors.js';
import type { ProfileRow, ProfileUser, UsersRepo } from './users.repo.js';

/**
 * A feature that adds to the profile (the vault adds wallets, the DID module adds the DID, KYC
 * adds its status): it turns its part of the one profile query into the fields it owns.
 */
export type ProfileSource = (row: ProfileRow) => Partial<User>;

/** About 1 KB each: a bound on the memory a process gives to profiles. */
export const MAX_CACHED_PROFILES = 20_000;

/** Builds the profile the web app stores as userData (docs/product.md §3.2). */
export class UsersService {
  /**
   * @param profiles profiles by user id, dropped by the database's notifications (migration 0009)
   *   whenever anything a profile shows changes, on any process (ADR 49).
   * @param sources the other features' parts of the profile (their modules declare them).
   */
  constructor(
    private readonly users: UsersRepo,
    private readonly profiles: NotifiedCache<User>,
    private readonly sources: () => readonly ProfileSource[],
  ) {}

  toUser(row: ProfileUser): User {
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      role: displayRole(row.role),
      did: null,
      didMetadata: null,
      wallets: [],
      kycStatus: 'not_started',
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * The profile as the web app reads it on every page load: from memory until a change is
   * notified. Everything that acts on a profile (credentials, export, sign-in) reads `getProfile`.
   */
  async cachedProfile(userId: string): Promise<User> {
    const cached = this.profiles.get(userId);
    if (cached) return cached;
    const mark = this.profiles.mark();
    const user = await this.getProfile(userId);
    this.profiles.put(userId, user, mark);
    return user;
  }

  /**
   * Called once the user's own write has committed, before it is answered: their next read on
   * this process sees it without waiting for the notification.
   */
  profileChanged(userId: string): void {
    this.profiles.forget(userId);
  }

  async getProfile(userId: string): Promise<User> {
    const row = await this.users.profile(userId);
    if (!row) throw new DomainError('NOT_FOUND', messages.notFound);
    return Object.assign(this.toUser(row.user), ...this.sources().map((source) => source(row)));
  }
}
