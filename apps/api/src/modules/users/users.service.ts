import { displayRole } from '@portal/shared/roles';
import type { User } from '@portal/shared/auth';
import { DomainError } from '../../errors.js';
import type { UserRow, UsersRepo } from './users.repo.js';
import { messages } from '@portal/shared/messages';

/** Builds the profile the web app stores as userData (spec §3). */
export class UsersService {
  constructor(private readonly users: UsersRepo) {}

  toUser(row: UserRow): User {
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
    const row = await this.users.findById(userId);
    if (!row) throw new DomainError('NOT_FOUND', messages.notFound);
    return this.toUser(row);
  }
}
