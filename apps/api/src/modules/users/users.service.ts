import type { User } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { displayRole } from '@portal/shared/roles';
import { DomainError } from '../../errors.js';
import type { ProfileRow, ProfileUser, UsersRepo } from './users.repo.js';

/**
 * A feature that adds to the profile (the vault adds wallets, the DID module adds the DID, KYC
 * adds its status): it turns its part of the one profile query into the fields it owns.
 */
export type ProfileSource = (row: ProfileRow) => Partial<User>;

/** Builds the profile the web app stores as userData (spec §3). */
export class UsersService {
  private readonly sources: ProfileSource[] = [];

  constructor(private readonly users: UsersRepo) {}

  addProfileSource(source: ProfileSource): void {
    this.sources.push(source);
  }

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

  async getProfile(userId: string): Promise<User> {
    const row = await this.users.profile(userId);
    if (!row) throw new DomainError('NOT_FOUND', messages.notFound);
    return Object.assign(this.toUser(row.user), ...this.sources.map((source) => source(row)));
  }
}
