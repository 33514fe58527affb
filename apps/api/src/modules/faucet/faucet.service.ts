import type { FastifyBaseLogger } from 'fastify';
import { encodeFunctionData, getAddress, parseEventLogs, zeroAddress, type Hash } from 'viem';
import { testStablecoinAbi } from '@portal/contracts/test-stablecoin';
import {
  FAUCET_AMOUNTS,
  FAUCET_DECIMALS,
  FAUCET_LIMIT_PER_DAY,
  FAUCET_WINDOW_MS,
  faucetChainOf,
  type FaucetAllowance,
  type FaucetAsset,
  type FaucetChain,
  type FaucetGrant,
  type FaucetRequest,
} from '@portal/shared/faucet';
import { formatMessage, messages } from '@portal/shared/messages';
import { assetChain } from '@portal/shared/vault';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { ChainPort } from '../../providers/chain/chain.js';
import type { SolanaPort } from '../../providers/solana/solana.js';
import { SolanaTransactionFailedError, SolanaSendRejectedError } from '../../providers/solana/solana.js';
import { ThrottleRepo } from '../auth/auth.module.js';
import { ChainSendError, type KeyedSender } from '../chains/chains.module.js';
import type { VaultService } from '../vault/vault.service.js';
import type { FaucetGrantRow, FaucetRepo } from './faucet.repo.js';
import type { Stablecoins } from './stablecoins.js';

export interface FaucetDeps {
  db: Db;
  repo: FaucetRepo;
  clock: Clock;
  vault: Pick<VaultService, 'info'>;
  chain: Pick<ChainPort, 'kind' | 'platformSigner' | 'explorerTxUrl' | 'publicClient'>;
  sender: Pick<KeyedSender, 'send' | 'confirm'>;
  solana: Pick<
    SolanaPort,
    'kind' | 'transferLamports' | 'thaw' | 'mintTo' | 'explorerTxUrl' | 'signatureStatus'
  >;
  stablecoins: Pick<Stablecoins, 'evmAddress' | 'solanaMintAddress' | 'has'>;
  publicFaucets: Record<FaucetChain, string>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** What the faucet offers, in the order the vault shows it. */
const OFFERS: ReadonlyArray<{ asset: FaucetAsset; chain: FaucetChain }> = [
  { asset: 'ETH', chain: 'ethereum' },
  { asset: 'tUSD', chain: 'ethereum' },
  { asset: 'SOL', chain: 'solana' },
  { asset: 'tUSD', chain: 'solana' },
];

/** The shared counter (auth's rate_limit_buckets) of one account's grants of one asset on one chain. */
const bucketKey = (userId: string, asset: FaucetAsset, chain: FaucetChain) =>
  `faucet:${userId}:${asset}:${chain}`;
/** The keyed send of a grant: one transaction per grant, ever (ADR 17). */
export const grantSendKey = (grantId: string) => `faucet:${grantId}`;

/**
 * The test faucet (ADR 70): fixed amounts of test ETH, SOL and tUSD to the caller's own vault
 * address on the embedded chains, a few per day. The grant row and its count are written in one
 * transaction before anything is sent; the payment is a keyed send, so a retry never pays twice.
 */
export class FaucetService {
  constructor(private readonly deps: FaucetDeps) {}

  async allowances(userId: string): Promise<FaucetAllowance[]> {
    const throttle = new ThrottleRepo(this.deps.db);
    const now = this.deps.clock.now();
    return Promise.all(
      OFFERS.map(async ({ asset, chain }): Promise<FaucetAllowance> => {
        const remote = this.kindOf(chain) !== 'embedded';
        const bucket = await throttle.read(bucketKey(userId, asset, chain));
        const counting = bucket && bucket.windowStart.getTime() + FAUCET_WINDOW_MS > now.getTime();
        const used = counting ? Math.min(bucket.count, FAUCET_LIMIT_PER_DAY) : 0;
        const available = !remote && (asset !== 'tUSD' || (await this.deps.stablecoins.has(chain)));
        return {
          asset,
          chain,
          amount: FAUCET_AMOUNTS[asset].toString(),
          decimals: FAUCET_DECIMALS[asset],
          available,
          remaining: available ? FAUCET_LIMIT_PER_DAY - used : 0,
          limit: FAUCET_LIMIT_PER_DAY,
          resetsAt: counting ? new Date(bucket.windowStart.getTime() + FAUCET_WINDOW_MS).toISOString() : null,
          publicFaucetUrl: remote ? this.deps.publicFaucets[chain] : null,
        };
      }),
    );
  }

  async request(
    userId: string,
    input: FaucetRequest,
    idempotencyKey: string,
  ): Promise<{ grant: FaucetGrant; remaining: number }> {
    const { asset } = input;
    const chain = faucetChainOf(asset, input.chain);
    if (!chain) {
      const message = `${asset} is paid on ${asset === 'ETH' ? 'ethereum' : 'solana'} only`;
      throw new DomainError('VALIDATION_ERROR', message, { fields: { chain: message } });
    }
    // A remote chain's coins are real test coins the platform must not hand out (ADR 70).
    if (this.kindOf(chain) !== 'embedded') {
      throw new DomainError(
        'CONFLICT',
        formatMessage(messages.faucetRemoteChain, { url: this.deps.publicFaucets[chain] }),
      );
    }
    if (asset === 'tUSD' && !(await this.deps.stablecoins.has(chain))) {
      throw new DomainError('CONFLICT', messages.faucetNoStablecoin);
    }
    const { wallets } = await this.deps.vault.info(userId);
    const wallet = wallets.find((candidate) => assetChain(candidate.assetId) === chain);
    if (!wallet) throw new DomainError('CONFLICT', messages.faucetVaultRequired);

    const now = this.deps.clock.now();
    const key = bucketKey(userId, asset, chain);
    const created = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.repo.with(tx).insert({
        userId,
        idempotencyKey,
        asset,
        chain,
        address: wallet.address,
        amount: FAUCET_AMOUNTS[asset].toString(),
        status: 'pending',
        createdAt: now,
      });
      if (!row) return undefined;
      // Counted in the same transaction: the bucket's row lock orders concurrent requests, and a
      // refusal rolls the grant back with the count.
      const bucket = await new ThrottleRepo(tx).hit(key, now, FAUCET_WINDOW_MS);
      if (bucket.count > FAUCET_LIMIT_PER_DAY) {
        const resetsAt = bucket.windowStart.getTime() + FAUCET_WINDOW_MS;
        const seconds = Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000));
        throw new DomainError(
          'RATE_LIMITED',
          formatMessage(messages.faucetLimitReached, {
            limit: FAUCET_LIMIT_PER_DAY,
            asset,
            hours: Math.ceil(seconds / 3600),
          }),
          { retryAfterSeconds: seconds },
        );
      }
      return row;
    });
    let grant = created;
    if (!grant) {
      // The key was used before: the same request resumes, another one is refused.
      const existing = await this.deps.repo.byKey(userId, idempotencyKey);
      if (!existing) throw new DomainError('CONFLICT', messages.idempotencyKeyInProgress);
      if (existing.asset !== asset || existing.chain !== chain) {
        throw new DomainError('UNPROCESSABLE', messages.idempotencyKeyReused);
      }
      grant = existing;
    }
    if (grant.status === 'pending') grant = await this.pay(grant);
    if (grant.status === 'failed') throw new DomainError('BAD_GATEWAY', messages.faucetFailed);
    const bucket = await new ThrottleRepo(this.deps.db).read(key);
    return {
      grant: this.view(grant),
      remaining: Math.max(0, FAUCET_LIMIT_PER_DAY - (bucket?.count ?? 0)),
    };
  }

  /** Sends the grant under its key and records the outcome; a transient failure leaves it pending. */
  private async pay(grant: FaucetGrantRow): Promise<FaucetGrantRow> {
    const { repo, clock, log } = this.deps;
    try {
      const hash = await this.send(grant);
      log.info({ grantId: grant.id, asset: grant.asset, chain: grant.chain }, 'faucet paid');
      return await repo.settle(grant.id, { status: 'sent', txHash: hash, at: clock.now() });
    } catch (error) {
      const final =
        error instanceof ChainSendError ||
        error instanceof SolanaTransactionFailedError ||
        error instanceof SolanaSendRejectedError;
      log.warn({ err: error, grantId: grant.id }, 'faucet payment failed');
      if (final) {
        await repo.settle(grant.id, {
          status: 'failed',
          error: String(error).slice(0, 500),
          at: clock.now(),
        });
      }
      throw new DomainError('BAD_GATEWAY', messages.faucetFailed, { cause: error });
    }
  }

  private async send(grant: FaucetGrantRow): Promise<string> {
    const amount = BigInt(grant.amount);
    const key = grantSendKey(grant.id);
    if (grant.chain === 'ethereum') {
      const { chain, sender, stablecoins } = this.deps;
      const to = getAddress(grant.address);
      let sent: { hash: Hash };
      if (grant.asset === 'ETH') {
        sent = await sender.send({ key, from: chain.platformSigner, to, data: '0x', value: amount });
      } else {
        const token = stablecoins.evmAddress();
        if (!token) throw new DomainError('CONFLICT', messages.faucetNoStablecoin);
        sent = await sender.send({
          key,
          from: chain.platformSigner,
          to: token,
          data: encodeFunctionData({ abi: testStablecoinAbi, functionName: 'mint', args: [to, amount] }),
          abi: testStablecoinAbi,
        });
      }
      await this.deps.repo.setHash(grant.id, sent.hash);
      await sender.confirm(sent.hash, testStablecoinAbi);
      return sent.hash;
    }
    const { solana, stablecoins } = this.deps;
    if (grant.asset === 'SOL') {
      return (await solana.transferLamports({ key, to: grant.address, amount })).signature;
    }
    const mint = await stablecoins.solanaMintAddress();
    if (!mint) throw new DomainError('CONFLICT', messages.faucetNoStablecoin);
    // Test USD's accounts are born frozen like every Token-2022 mint of ours (ADR 62): thaw first.
    await solana.thaw({ key: `${key}:thaw`, mint, owner: grant.address });
    const minted = await solana.mintTo({
      key,
      mint,
      owner: grant.address,
      amount,
      mintAuthority: { kind: 'platform' },
    });
    return minted.signature;
  }

  /**
   * `npm run reconcile` (ADR 70): every grant recorded as sent is one transaction on its chain
   * that paid exactly its amount to its address, and no two grants share a transaction.
   */
  async reconcile(): Promise<{ grants: number; problems: string[] }> {
    const problems: string[] = [];
    const grants = await this.deps.repo.all();
    const seen = new Map<string, string>();
    for (const grant of grants) {
      if (grant.status !== 'sent') continue;
      if (!grant.txHash) {
        problems.push(`faucet grant ${grant.id}: sent without a transaction`);
        continue;
      }
      const other = seen.get(grant.txHash);
      if (other) problems.push(`faucet grants ${other} and ${grant.id} share transaction ${grant.txHash}`);
      seen.set(grant.txHash, grant.id);
      const paid = await this.paidOnChain(grant);
      if (paid !== BigInt(grant.amount)) {
        problems.push(
          `faucet grant ${grant.id}: ${grant.amount} ${grant.asset} recorded, ${paid} paid to ${grant.address} on chain`,
        );
      }
    }
    return { grants: grants.length, problems };
  }

  /** What the grant's transaction paid its address, in base units (0 when it did not land). */
  private async paidOnChain(grant: FaucetGrantRow): Promise<bigint> {
    if (grant.chain === 'solana') {
      // The embedded VM keeps no history to re-read: a confirmed send under the grant's key paid it.
      const status = await this.deps.solana.signatureStatus(grant.txHash!);
      return status.state === 'confirmed' ? BigInt(grant.amount) : 0n;
    }
    const { publicClient } = this.deps.chain;
    const hash = grant.txHash as Hash;
    const receipt = await publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt?.status !== 'success') return 0n;
    const to = getAddress(grant.address);
    if (grant.asset === 'ETH') {
      const tx = await publicClient.getTransaction({ hash });
      return tx.to && getAddress(tx.to) === to ? tx.value : 0n;
    }
    const token = this.deps.stablecoins.evmAddress();
    const mints = parseEventLogs({
      abi: testStablecoinAbi,
      eventName: 'Transfer',
      logs: receipt.logs,
    }).filter(
      (log) =>
        token &&
        getAddress(log.address) === token &&
        log.args.from === zeroAddress &&
        getAddress(log.args.to) === to,
    );
    return mints.reduce((sum, log) => sum + log.args.value, 0n);
  }

  private kindOf(chain: FaucetChain): 'embedded' | 'rpc' {
    return chain === 'ethereum' ? this.deps.chain.kind : this.deps.solana.kind;
  }

  private view(row: FaucetGrantRow): FaucetGrant {
    const explorer =
      row.txHash === null
        ? null
        : row.chain === 'ethereum'
          ? this.deps.chain.explorerTxUrl(row.txHash as Hash)
          : this.deps.solana.explorerTxUrl(row.txHash);
    return {
      id: row.id,
      asset: row.asset,
      chain: row.chain,
      address: row.address,
      amount: row.amount,
      decimals: FAUCET_DECIMALS[row.asset],
      status: row.status,
      transactionHash: row.txHash,
      explorerUrl: explorer,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
