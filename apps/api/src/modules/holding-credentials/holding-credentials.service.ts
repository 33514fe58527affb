import { randomUUID } from 'node:crypto';
import type {
  HoldingCredential,
  IssueHoldingCredentialRequestSchema,
} from '@portal/shared/holding-credentials';
import { HOLDING_SHARE_DAYS, type HoldingRevocationReason } from '@portal/shared/holding-credentials';
import { messages } from '@portal/shared/messages';
import { formatUnits, parseUnits } from '@portal/shared/money';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { CredentialsService } from '../credentials/credentials.service.js';
import type { DidService } from '../did/did.service.js';
import type { HoldingCredentialsRepo } from './holding-credentials.repo.js';

/** Why a holding credential was revoked (kept in the credential's row). */
export const BELOW_THRESHOLD = 'holding-below-threshold' satisfies HoldingRevocationReason;
export const HOLDER_REVOKED = 'holder-revoked' satisfies HoldingRevocationReason;

export interface HoldingCredentialsDeps {
  db: Db;
  repo: HoldingCredentialsRepo;
  credentials: Pick<CredentialsService, 'issue' | 'revokeOwned' | 'share'>;
  dids: Pick<DidService, 'find'>;
}

type Row = NonNullable<Awaited<ReturnType<HoldingCredentialsRepo['findOwned']>>>;

const view = (row: Row): HoldingCredential => ({
  id: row.id,
  token: row.token,
  threshold: row.threshold,
  discloseDid: row.discloseDid,
  cid: row.cid,
  status: row.revokedAt ? 'revoked' : 'active',
  // A KYC withdrawal or an administrator revokes every credential of the user (ADR 74).
  revocationReason: !row.revokedAt
    ? null
    : row.revocationReason === BELOW_THRESHOLD || row.revocationReason === HOLDER_REVOKED
      ? row.revocationReason
      : 'identity-revoked',
  issuedAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * Holding credentials (docs/product.md, "Holding credentials"; ADR 74): the platform signs that
 * the holder holds at least N of a token, checked against the books at issuance and revoked in
 * the status list in the very transaction that takes the holding below N.
 */
export class HoldingCredentialsService {
  constructor(private readonly deps: HoldingCredentialsDeps) {}

  async issue(
    userId: string,
    input: z.output<typeof IssueHoldingCredentialRequestSchema>,
  ): Promise<HoldingCredential> {
    const { repo, credentials, dids, db } = this.deps;
    const token = await repo.token(input.tokenId);
    const balance = token ? await repo.balance(userId, token.id) : 0n;
    // A token the caller does not hold is as unknown to them as one that does not exist.
    if (!token || balance === 0n) throw new DomainError('NOT_FOUND', messages.holdingCredentialTokenNotHeld);
    const threshold = parseUnits(input.threshold, token.decimals);
    if (!threshold)
      throw new DomainError('VALIDATION_ERROR', messages.holdingCredentialThresholdInvalid, {
        fields: { threshold: messages.holdingCredentialThresholdInvalid },
      });
    if (threshold > balance) throw new DomainError('CONFLICT', messages.holdingCredentialAboveBalance);
    let subjectId = `urn:uuid:${randomUUID()}`;
    if (input.discloseDid) {
      const did = await dids.find(userId);
      if (!did) throw new DomainError('CONFLICT', messages.didRequired);
      subjectId = did.did;
    }
    // The claim: at least the threshold, never the balance, nothing personal (ADR 74).
    const issued = await credentials.issue({
      userId,
      type: 'HoldingCredential',
      subject: {
        id: subjectId,
        holds: {
          atLeast: formatUnits(threshold, token.decimals),
          token: {
            name: token.name,
            symbol: token.symbol,
            blockchain: token.blockchain,
            ...(token.contractAddress ? { contractAddress: token.contractAddress } : {}),
          },
        },
      },
    });
    const credentialId = String(issued.credential.id).replace(/^urn:uuid:/, '');
    // Signing took time: the holding is checked again with its rows locked, so a decrease
    // either comes before (and we revoke at once) or waits and then finds this row.
    const id = await db.transaction(async (tx) => {
      const books = repo.with(tx);
      if ((await books.balance(userId, token.id, true)) < threshold) {
        await credentials.revokeOwned(userId, [credentialId], BELOW_THRESHOLD, tx);
        return undefined;
      }
      const row = await books.insert({
        credentialId,
        userId,
        tokenId: token.id,
        threshold: threshold.toString(),
        discloseDid: input.discloseDid,
      });
      return row.id;
    });
    if (!id) throw new DomainError('CONFLICT', messages.holdingCredentialAboveBalance);
    return view((await repo.findOwned(userId, id))!);
  }

  async list(userId: string): Promise<HoldingCredential[]> {
    return (await this.deps.repo.listOwned(userId)).map(view);
  }

  async revoke(userId: string, id: string): Promise<HoldingCredential> {
    const row = await this.owned(userId, id);
    await this.deps.credentials.revokeOwned(userId, [row.credentialId], HOLDER_REVOKED);
    return view((await this.deps.repo.findOwned(userId, id))!);
  }

  /** A public link to the credential's verification page (the credentials module's share, ADR 50). */
  async share(userId: string, id: string): Promise<{ url: string; expiresAt: string }> {
    const row = await this.owned(userId, id);
    if (!row.cid) throw new DomainError('NOT_FOUND', messages.holdingCredentialNotFound);
    const share = await this.deps.credentials.share(userId, row.cid, HOLDING_SHARE_DAYS);
    return { url: share.url, expiresAt: share.expiresAt };
  }

  /** Subscribed to `holding.decreased`: revokes, in the same transaction, every promise now broken. */
  readonly onHoldingDecreased = async (tx: Tx, { userId, tokenId }: { userId: string; tokenId: string }) => {
    const repo = this.deps.repo.with(tx);
    const broken = await repo.brokenBy(userId, tokenId, await repo.balance(userId, tokenId));
    await this.deps.credentials.revokeOwned(userId, broken, BELOW_THRESHOLD, tx);
  };

  private async owned(userId: string, id: string): Promise<Row> {
    const row = await this.deps.repo.findOwned(userId, id);
    if (!row) throw new DomainError('NOT_FOUND', messages.holdingCredentialNotFound);
    return row;
  }
}
