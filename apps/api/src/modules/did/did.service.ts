import type { ProfileRow } from '../users/users.repo.js';
import type { User } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import type { Clock } from '../../clock.js';
import { DomainError } from '../../errors.js';
import type { MasterKey } from '../../secrets/envelope.js';
import {
  didKeyFromSeed,
  generateDidKeySeed,
  resolveDidKey,
  UnsupportedDidError,
  type DidDocument,
} from './did-key.js';
import type { DidRepo } from './did.repo.js';

/** The envelope of a DID's key seed opens only in its own row: this user and this DID. */
export const didKeyAad = (userId: string, did: string) => `did|${userId}|${did}`;

export interface DidDeps {
  repo: DidRepo;
  masterKey: MasterKey;
  clock: Clock;
}

/** Each user's did:key: a random Ed25519 key whose seed is kept envelope-encrypted. */
export class DidService {
  constructor(private readonly deps: DidDeps) {}

  /** Idempotent: the first call (of any concurrent ones) creates the DID, every call returns it. */
  async start(userId: string): Promise<{ did: string }> {
    const existing = await this.find(userId);
    if (existing) return existing;
    const seed = generateDidKeySeed();
    try {
      const { did } = await didKeyFromSeed(seed);
      await this.deps.repo.insertIfAbsent({
        userId,
        did,
        keyEnvelope: this.deps.masterKey.seal(seed, didKeyAad(userId, did)),
        createdAt: this.deps.clock.now(),
      });
    } finally {
      seed.fill(0);
    }
    const stored = await this.find(userId);
    if (!stored) throw new Error(`The DID of user ${userId} could not be stored`);
    return stored;
  }

  async find(userId: string): Promise<{ did: string } | undefined> {
    const row = await this.deps.repo.findByUser(userId);
    return row && { did: row.did };
  }

  /** The DID document of any Ed25519 did:key, derived locally. */
  async resolve(did: string): Promise<DidDocument> {
    try {
      return (await resolveDidKey(did)) as DidDocument;
    } catch (error) {
      if (error instanceof UnsupportedDidError) {
        throw new DomainError('VALIDATION_ERROR', messages.didKeyOnly, {
          fields: { did: messages.didKeyOnly },
        });
      }
      throw error;
    }
  }

  /** The profile's `did` and `didMetadata` (docs/product.md §3.2). */
  profileFields(row: ProfileRow): Partial<User> {
    return row.did ? { did: row.did, didMetadata: { did: row.did } } : {};
  }
}
