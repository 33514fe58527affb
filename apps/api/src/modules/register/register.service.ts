import { messages } from '@portal/shared/messages';
import { formatUnits, ownershipPercent } from '@portal/shared/money';
import { REGISTER_CSV_HEADER, toCsv, type Register, type RegisterToken } from '@portal/shared/register';
import type { Clock } from '../../clock.js';
import { DomainError } from '../../errors.js';
import type { RegisterHolderRow, RegisterRepo } from './register.repo.js';

/** Who reads a register: the token's issuer (names by consent) or an admin (every name, ADR 69). */
export type RegisterReader = { role: 'issuer'; issuerId: string } | { role: 'admin' };

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** The register of holders (docs/product.md, ADR 69). */
export class RegisterService {
  constructor(private readonly deps: { repo: RegisterRepo; clock: Clock }) {}

  async register(reader: RegisterReader, tokenId: string): Promise<Register> {
    const token = await this.deps.repo.token(tokenId, reader.role === 'issuer' ? reader.issuerId : undefined);
    // Another issuer's token answers as one that does not exist (docs/product.md §6).
    if (!token) throw new DomainError('NOT_FOUND', messages.issuerTokenNotFound);
    const now = this.deps.clock.now();
    const rows = await this.deps.repo.holders(token.id, now);
    const supply = BigInt(token.totalSupply);
    const circulating = rows.reduce((sum, row) => sum + BigInt(row.balance), 0n);
    const showAll = reader.role === 'admin';
    return {
      token,
      holderCount: rows.length,
      circulating: circulating.toString(),
      treasury: (supply > circulating ? supply - circulating : 0n).toString(),
      namesShown: showAll ? 'all' : 'consented',
      generatedAt: now.toISOString(),
      holders: rows.map((row) => this.holder(row, supply, circulating, showAll)),
    };
  }

  async csv(reader: RegisterReader, tokenId: string): Promise<{ filename: string; body: string }> {
    const register = await this.register(reader, tokenId);
    const { decimals, symbol } = register.token;
    const rows = register.holders.map((holder) => [
      holder.identityKey ?? '',
      holder.name ?? '',
      holder.verified ? 'yes' : 'no',
      formatUnits(BigInt(holder.balance), decimals),
      holder.percentOfSupply,
      holder.percentOfCirculating,
      formatUnits(BigInt(holder.frozen), decimals),
      holder.lockedUntil ?? '',
      holder.firstAcquiredAt ?? '',
      holder.lastAcquiredAt ?? '',
      String(holder.acquisitionCount),
    ]);
    const day = register.generatedAt.slice(0, 10);
    // The symbol is letters and digits (the issuer schema), so the file name needs no quoting.
    const safeSymbol = symbol.replace(/[^A-Za-z0-9]/g, '') || 'token';
    return {
      filename: `register-${safeSymbol}-${day}.csv`,
      body: toCsv([[...REGISTER_CSV_HEADER], ...rows]),
    };
  }

  async tokens(): Promise<RegisterToken[]> {
    return (await this.deps.repo.tokens()).map((row) => ({ ...row, holderCount: Number(row.holderCount) }));
  }

  private holder(row: RegisterHolderRow, supply: bigint, circulating: bigint, showAll: boolean) {
    const balance = BigInt(row.balance);
    const recent =
      typeof row.recent === 'string' ? (JSON.parse(row.recent) as RegisterHolderRow['recent']) : row.recent;
    return {
      identityKey: row.identity_key,
      // Private by default: an issuer sees a name only while the holder consents (ADR 69).
      name: showAll || row.consent ? row.name : null,
      verified: row.verified,
      balance: row.balance,
      percentOfSupply: ownershipPercent(balance, supply),
      percentOfCirculating: ownershipPercent(balance, circulating),
      frozen: row.frozen,
      lockedUntil: iso(row.locked_until),
      firstAcquiredAt: iso(row.first_at),
      lastAcquiredAt: iso(row.last_at),
      acquisitionCount: Number(row.acquisitions),
      acquisitions: (recent ?? []).map((purchase) => ({
        id: purchase.id,
        amount: purchase.amount,
        at: new Date(purchase.at).toISOString(),
        transactionHash: purchase.hash,
      })),
    };
  }
}
