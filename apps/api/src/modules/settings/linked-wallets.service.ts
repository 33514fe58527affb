import type { FastifyBaseLogger } from 'fastify';
import { getAddress, verifyMessage, type Hex } from 'viem';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { messages } from '@portal/shared/messages';
import type { LinkedWallet } from '@portal/shared/settings';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { LinkedWalletRow, LinkedWalletsRepo } from './linked-wallets.repo.js';

export interface LinkedWalletsDeps {
  db: Db;
  repo: LinkedWalletsRepo;
  /** The chain ids a message may name (SIWE_CHAIN_IDS and the portal's own chain). */
  chainIds: readonly number[];
  clock: Clock;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const NONCE_TTL_MS = 10 * 60 * 1000;
/** Nonces one user may ask for within NONCE_TTL_MS: linking takes one, a few retries a few more. */
export const NONCES_PER_WINDOW = 20;

const toWallet = (row: LinkedWalletRow): LinkedWallet => ({
  id: row.id,
  address: row.address,
  chainId: row.chainId,
  linkedAt: row.linkedAt.toISOString(),
});

/**
 * External wallets proved by Sign-In with Ethereum (EIP-4361): a one-time nonce from us, a message
 * for our domain signed by the wallet, checked here (domain, URI, nonce, time, signer).
 */
export class LinkedWalletsService {
  private readonly domain: string;
  private readonly origin: string;

  constructor(private readonly deps: LinkedWalletsDeps) {
    const url = new URL(deps.publicUrl);
    this.domain = url.host;
    this.origin = url.origin;
  }

  async nonce(userId: string): Promise<{ nonce: string; domain: string; uri: string }> {
    const nonce = generateSiweNonce();
    const now = this.deps.clock.now();
    if ((await this.deps.repo.liveNonces(userId, now)) >= NONCES_PER_WINDOW)
      throw new DomainError('RATE_LIMITED', messages.tooManyRequests, { retryAfterSeconds: 60 });
    await this.deps.repo.insertNonce({ nonce, userId, expiresAt: new Date(now.getTime() + NONCE_TTL_MS) });
    return { nonce, domain: this.domain, uri: this.origin };
  }

  async link(userId: string, message: string, signature: string): Promise<LinkedWallet[]> {
    const now = this.deps.clock.now();
    const parsed = parseSiweMessage(message);
    // EIP-4361: the URI is an RFC 3986 URI (ours), the chain id one the portal supports.
    const valid =
      parsed.address !== undefined &&
      parsed.nonce !== undefined &&
      parsed.chainId !== undefined &&
      this.deps.chainIds.includes(parsed.chainId) &&
      parsed.uri !== undefined &&
      originOf(parsed.uri) === this.origin &&
      validateSiweMessage({ message: parsed, domain: this.domain, time: now });
    // The nonce is spent before the signature is checked, so a failed attempt cannot be retried.
    if (!valid || !(await this.deps.repo.spendNonce(userId, parsed.nonce!, now))) throw invalid();
    const address = getAddress(parsed.address!);
    const signed = await verifyMessage({ address, message, signature: signature as Hex }).catch(() => false);
    if (!signed) {
      this.deps.log.warn({ userId }, 'SIWE signature refused');
      throw invalid();
    }
    const linked = await this.deps.db.transaction((tx) =>
      this.deps.repo.with(tx).linkIfFree({ userId, address, chainId: parsed.chainId!, linkedAt: now }),
    );
    if (!linked) throw new DomainError('CONFLICT', messages.walletLinkedElsewhere);
    return this.list(userId);
  }

  async list(userId: string): Promise<LinkedWallet[]> {
    return (await this.deps.repo.list(userId)).map(toWallet);
  }

  async unlink(userId: string, id: string): Promise<LinkedWallet[]> {
    if (!(await this.deps.repo.unlink(userId, id)))
      throw new DomainError('NOT_FOUND', messages.walletNotFound);
    return this.list(userId);
  }
}

function originOf(uri: string): string | undefined {
  return URL.canParse(uri) ? new URL(uri).origin : undefined;
}

const invalid = () => new DomainError('BAD_REQUEST', messages.siweInvalid);
