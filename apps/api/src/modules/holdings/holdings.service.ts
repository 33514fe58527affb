import type { FastifyBaseLogger } from 'fastify';
import type { ChainFamily } from '@portal/shared/chain-families';
import type {
  Allocation,
  ChainReadError,
  Holding,
  HoldingsResponse,
  HoldingToken,
  PurchaseAttempt,
  VaultAddressBalance,
} from '@portal/shared/holdings';
import { STABLECOIN } from '@portal/shared/faucet';
import { ownershipPercent, parseUnits } from '@portal/shared/money';
import { assetChain, type WalletChain } from '@portal/shared/vault';
import type { TokenLedger } from '../chains/ledger.js';
import { ledgerToken } from '../issuer/issuer.module.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { VaultService } from '../vault/vault.service.js';
import type { StatementHolding } from '../statements/statement-source.js';
import type { HoldingsRepo, HoldingTokenRow, OwnPurchaseRow } from './holdings.repo.js';

/** How long one chain may take to answer all of a request's reads before its entries say 'timeout'. */
export const CHAIN_READ_TIMEOUT_MS = 5_000;

/** A native coin: its symbol, decimals, and how this deployment reads a balance (absent: not connected). */
export interface NativeCoin {
  symbol: VaultAddressBalance['native']['symbol'];
  decimals: number;
  read?: (address: string) => Promise<bigint>;
}

/** Per chain, how to read the test stablecoin (ADR 70); undefined when that chain has none. */
export type StablecoinReader = Partial<
  Record<WalletChain, () => Promise<((address: string) => Promise<bigint>) | undefined>>
>;

export interface HoldingsDeps {
  repo: HoldingsRepo;
  /** The token ledgers of the chains with an engine here (docs/architecture.md, "Chains"). */
  ledgers: ReadonlyMap<ChainFamily, TokenLedger>;
  compliance: Pick<ComplianceService, 'holdings'>;
  vault: Pick<VaultService, 'info'>;
  natives: Record<WalletChain, NativeCoin>;
  stablecoin?: StablecoinReader;
  explorerTxUrl(family: ChainFamily, hash: string | null): string | null;
  credentialUrl(cid: string): string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  chainReadTimeoutMs?: number;
}

type ChainRead = { value: bigint; error: null } | { value: null; error: ChainReadError };

interface Read {
  chain: string;
  run: () => Promise<bigint>;
}

/** Per token: what the books hold, where, and the completed purchases that made it. */
interface Position {
  token: HoldingTokenRow;
  issuerEmail: string | null;
  booked: bigint;
  addresses: Set<string>;
  purchases: OwnPurchaseRow[];
}

const holdingToken = (token: HoldingTokenRow): HoldingToken => ({ ...token });

/**
 * Holdings after the purchase (docs/product.md §2.10, ADR 68): the books say what is held and
 * where, the chains say how much is there now, and the two are compared. A chain that fails or
 * is slow marks its own entries and never fails the answer.
 */
export class HoldingsService {
  constructor(private readonly deps: HoldingsDeps) {}

  async holdings(userId: string): Promise<Omit<HoldingsResponse, 'success'>> {
    const { repo, compliance } = this.deps;
    const [bought, booked, rules] = await Promise.all([
      repo.purchasesOf(userId),
      repo.bookedOf(userId),
      compliance.holdings(userId),
    ]);
    const positions = this.positions(bought, booked);
    const [reads, prices] = await Promise.all([
      this.readBalances(positions),
      repo.lastPrices([...positions.keys()]),
    ]);

    const holdings: Holding[] = [];
    for (const position of positions.values()) {
      const { token } = position;
      const read = reads.get(token.id)!;
      // Nothing in the books and nothing on chain: moved away (a forced transfer), no longer held.
      if (position.booked === 0n && !read.value) continue;
      const balance = read.value ?? position.booked;
      const state = rules.get(token.id);
      const price = prices.get(token.id);
      const unit = 10n ** BigInt(token.decimals);
      holdings.push({
        token: holdingToken(token),
        issuer: { email: position.issuerEmail },
        balance: balance.toString(),
        chainBalance: read.value?.toString() ?? null,
        chainError: read.error,
        booked: position.booked.toString(),
        agrees: read.value === null ? null : read.value === position.booked,
        frozen: (state ? (parseUnits(state.frozen, token.decimals) ?? 0n) : 0n).toString(),
        lockedUntil: state?.lockedUntil ?? null,
        percent: ownershipPercent(balance, BigInt(token.totalSupply)),
        priceWei: price?.priceWei ?? null,
        priceSource: price?.source ?? null,
        valueWei: price ? ((balance * BigInt(price.priceWei)) / unit).toString() : null,
        addresses: [...position.addresses],
        purchases: position.purchases.map(({ purchase }) => ({
          id: purchase.id,
          amount: purchase.amount,
          costWei: purchase.costWei,
          purchasedAt: purchase.createdAt.toISOString(),
          completedAt: purchase.completedAt?.toISOString() ?? null,
          transactionHash: purchase.deliveryTxHash,
          explorerUrl: this.deps.explorerTxUrl(token.blockchain, purchase.deliveryTxHash),
          vcUrl: purchase.vcCid ? this.deps.credentialUrl(purchase.vcCid) : null,
        })),
      });
    }
    // Newest acquisition first, as My Assets always listed them.
    const latest = (holding: Holding) => holding.purchases.at(-1)?.purchasedAt ?? '';
    holdings.sort((a, b) => latest(b).localeCompare(latest(a)));

    const attempts: PurchaseAttempt[] = bought
      .filter(({ purchase }) => purchase.status !== 'COMPLETED')
      .reverse()
      .map(({ purchase, token }) => ({
        id: purchase.id,
        token: {
          id: token.id,
          name: token.name,
          symbol: token.symbol,
          tokenType: token.tokenType,
          blockchain: token.blockchain,
          decimals: token.decimals,
        },
        status: purchase.status as PurchaseAttempt['status'],
        amount: purchase.amount,
        costWei: purchase.costWei,
        error: purchase.error,
        createdAt: purchase.createdAt.toISOString(),
      }));

    return { holdings, attempts, totals: totals(holdings) };
  }

  /**
   * Today's books per token and what the chains say (statements, ADR 74): the point the statement
   * rolls back from. A token the books hold nothing of is left out; its lines still name it.
   */
  async statementHoldings(userId: string): Promise<StatementHolding[]> {
    const positions = this.positions([], await this.deps.repo.bookedOf(userId));
    const reads = await this.readBalances(positions);
    return [...positions.values()].map(({ token, booked }) => ({
      token: {
        tokenId: token.id,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        blockchain: token.blockchain,
      },
      booked,
      chain: reads.get(token.id)?.value ?? null,
    }));
  }

  /** Each vault address's native coin and the portal's tokens held there, read from the chains. */
  async vaultBalances(userId: string): Promise<VaultAddressBalance[]> {
    const { repo, vault, natives } = this.deps;
    const [{ wallets }, bought, booked] = await Promise.all([
      vault.info(userId),
      repo.purchasesOf(userId),
      repo.bookedOf(userId),
    ]);
    const positions = this.positions(bought, booked);
    const reads: Read[] = [];
    const stablecoinReaders = new Map<WalletChain, ((address: string) => Promise<bigint>) | undefined>();
    for (const [chain, reader] of Object.entries(this.deps.stablecoin ?? {}) as Array<
      [WalletChain, NonNullable<StablecoinReader[WalletChain]>]
    >) {
      // A chain that cannot say where its stablecoin is reads as unavailable, like a failed read.
      stablecoinReaders.set(
        chain,
        await reader().catch((error: unknown) => {
          this.deps.log.warn({ err: error, chain }, 'stablecoin lookup failed');
          return async () => {
            throw error;
          };
        }),
      );
    }
    // Only the assets the product recognizes (docs/product.md §3.2) have a chain to read.
    const known = wallets.flatMap((wallet) => {
      const chain = assetChain(wallet.assetId);
      return chain ? [{ wallet, chain }] : [];
    });
    const plan = known.map(({ wallet, chain }) => {
      const coin = natives[chain];
      const read = coin.read;
      const native = read && { chain, run: () => read(wallet.address) };
      if (native) reads.push(native);
      const held = [...positions.values()].filter(
        ({ token, addresses }) => token.blockchain === chain && addresses.has(wallet.address),
      );
      const tokens = held.map(({ token }) => {
        const ledger = this.deps.ledgers.get(token.blockchain);
        const read = ledger && {
          chain: token.blockchain,
          run: () => ledger.balanceOf(ledgerToken(token), wallet.address),
        };
        if (read) reads.push(read);
        return { token, read };
      });
      const readStable = stablecoinReaders.get(chain);
      const stablecoin = stablecoinReaders.has(chain)
        ? { read: readStable && { chain, run: () => readStable(wallet.address) } }
        : undefined;
      if (stablecoin?.read) reads.push(stablecoin.read);
      return { wallet, coin, native, tokens, stablecoin };
    });
    const results = await this.readAll(reads);
    const answer = (read: Read | undefined) =>
      read ? results.get(read)! : ({ value: null, error: 'not-connected' } as const);
    return plan.map(({ wallet, coin, native, tokens, stablecoin }) => {
      const nativeRead = answer(native);
      const stableRead = stablecoin?.read && answer(stablecoin.read);
      return {
        assetId: wallet.assetId,
        address: wallet.address,
        native: {
          symbol: coin.symbol,
          decimals: coin.decimals,
          balance: nativeRead.value?.toString() ?? null,
          error: nativeRead.error,
        },
        tokens: tokens.map(({ token, read }) => {
          const result = answer(read);
          return {
            tokenId: token.id,
            symbol: token.symbol,
            decimals: token.decimals,
            balance: result.value?.toString() ?? null,
            error: result.error,
          };
        }),
        ...(stablecoin && {
          stablecoin: stableRead
            ? {
                symbol: STABLECOIN.symbol,
                decimals: STABLECOIN.decimals,
                balance: stableRead.value?.toString() ?? null,
                error: stableRead.error,
              }
            : null,
        }),
      };
    });
  }

  /** Completed purchases and booked balances, grouped by token. */
  private positions(bought: OwnPurchaseRow[], booked: Awaited<ReturnType<HoldingsRepo['bookedOf']>>) {
    const positions = new Map<string, Position>();
    const position = (token: HoldingTokenRow, issuerEmail: string | null): Position => {
      let found = positions.get(token.id);
      if (!found) {
        found = { token, issuerEmail, booked: 0n, addresses: new Set(), purchases: [] };
        positions.set(token.id, found);
      }
      return found;
    };
    for (const row of booked) {
      const entry = position(row.token, row.issuerEmail);
      entry.booked += BigInt(row.balance);
      entry.addresses.add(row.address);
    }
    for (const row of bought) {
      if (row.purchase.status !== 'COMPLETED') continue;
      const entry = position(row.token, row.issuerEmail);
      entry.purchases.push(row);
      entry.addresses.add(row.purchase.deliveryAddress);
    }
    return positions;
  }

  /** Each position's balance at its addresses, summed; one failed address fails its token's read. */
  private async readBalances(positions: Map<string, Position>): Promise<Map<string, ChainRead>> {
    const perToken = [...positions.values()].map(({ token, addresses }) => {
      const ledger = this.deps.ledgers.get(token.blockchain);
      const reads: Read[] = ledger
        ? [...addresses].map((address) => ({
            chain: token.blockchain,
            run: () => ledger.balanceOf(ledgerToken(token), address),
          }))
        : [];
      return { token, ledger, reads };
    });
    const results = await this.readAll(perToken.flatMap(({ reads }) => reads));
    return new Map(
      perToken.map(({ token, ledger, reads }): [string, ChainRead] => {
        if (!ledger) return [token.id, { value: null, error: 'not-connected' }];
        let sum = 0n;
        for (const read of reads) {
          const result = results.get(read)!;
          if (result.error) return [token.id, result];
          sum += result.value;
        }
        return [token.id, { value: sum, error: null }];
      }),
    );
  }

  /**
   * Runs every read at once; each chain gets one deadline for all of its reads, so a slow node
   * delays the answer by at most the timeout and marks only its own entries.
   */
  private async readAll(reads: Read[]): Promise<Map<Read, ChainRead>> {
    const timeoutMs = this.deps.chainReadTimeoutMs ?? CHAIN_READ_TIMEOUT_MS;
    const deadlines = new Map<string, Promise<ChainRead>>();
    const timers: NodeJS.Timeout[] = [];
    const deadline = (chain: string) => {
      let found = deadlines.get(chain);
      if (!found) {
        found = new Promise<ChainRead>((resolve) => {
          const timer = setTimeout(() => resolve({ value: null, error: 'timeout' }), timeoutMs);
          timer.unref();
          timers.push(timer);
        });
        deadlines.set(chain, found);
      }
      return found;
    };
    try {
      const settled = await Promise.all(
        reads.map(async (read): Promise<[Read, ChainRead]> => {
          const attempt = read.run().then(
            (value): ChainRead => ({ value, error: null }),
            (error: unknown): ChainRead => {
              this.deps.log.warn({ err: error, chain: read.chain }, 'balance read failed');
              return { value: null, error: 'unavailable' };
            },
          );
          return [read, await Promise.race([attempt, deadline(read.chain)])];
        }),
      );
      for (const [read, result] of settled)
        if (result.error === 'timeout') this.deps.log.warn({ chain: read.chain }, 'balance read timed out');
      return new Map(settled);
    } finally {
      for (const timer of timers) clearTimeout(timer);
    }
  }
}

/** The priced holdings' value and each one's share of it, exact in wei. */
function totals(holdings: Holding[]): HoldingsResponse['totals'] {
  const priced = holdings.filter((holding) => holding.valueWei !== null);
  const valueWei = priced.reduce((sum, holding) => sum + BigInt(holding.valueWei!), 0n);
  const allocation: Allocation[] = priced
    .map((holding) => ({
      tokenId: holding.token.id,
      symbol: holding.token.symbol,
      name: holding.token.name,
      valueWei: holding.valueWei!,
      percent: ownershipPercent(BigInt(holding.valueWei!), valueWei),
    }))
    .sort((a, b) =>
      BigInt(b.valueWei) > BigInt(a.valueWei) ? 1 : BigInt(b.valueWei) < BigInt(a.valueWei) ? -1 : 0,
    );
  return { valueWei: valueWei.toString(), unpriced: holdings.length - priced.length, allocation };
}
