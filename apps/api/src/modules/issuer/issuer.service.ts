import type { FastifyBaseLogger } from 'fastify';
import {
  CHAIN_ASSET_PREFIX,
  CHAIN_FAMILIES,
  TOKEN_TYPE_CHAIN,
  type ChainFamily,
} from '@portal/shared/chain-families';
import {
  isItemToken,
  type CreateListingRequest,
  type CreateTokenRequest,
  type IssuerListing,
  type IssuerToken,
} from '@portal/shared/issuer';
import { messages } from '@portal/shared/messages';
import { formatUnits, listingCost, parseUnits } from '@portal/shared/money';
import type { EventBus } from '../../events.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { JobRow } from '../../jobs/jobs.repo.js';
import { jobKind, type JobQueue } from '../../jobs/queue.js';
import type { Networks } from '../chains/networks.js';
import type { LedgerListing, LedgerToken, Party, TokenLedger } from '../chains/ledger.js';
import type { VaultService } from '../vault/vault.service.js';
import type { IssuerRepo, ListingRow, TokenRow } from './issuer.repo.js';
import { z } from 'zod';

export const deployTokenJob = jobKind('token.deploy', z.object({ tokenId: z.string() }));
export const openListingJob = jobKind('listing.open', z.object({ listingId: z.string() }));
export const closeListingJob = jobKind('listing.close', z.object({ listingId: z.string() }));

export interface IssuerDeps {
  db: Db;
  repo: IssuerRepo;
  vault: VaultService;
  ledgers: Map<ChainFamily, TokenLedger>;
  networks: Networks;
  jobs: JobQueue;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Publishes `listings.changed` and `token.deployed`. */
  events: Pick<EventBus, 'publish'>;
}

/** A closing escrow waits for purchases in flight; this many tries, a minute apart at most. */
const CLOSE_ATTEMPTS = 30;

/**
 * The supply side: an issuer creates a token (deployed by a job from their own vault address, so
 * the supply is theirs on chain), lists part of it in escrow or for direct sale, and may close a
 * listing, which returns the unsold tokens once purchases in flight have settled.
 */
export class IssuerService {
  constructor(private readonly deps: IssuerDeps) {}

  /** The chains a token can be created on here: those with a ledger (ADR 66). */
  chains(): ChainFamily[] {
    return CHAIN_FAMILIES.filter((family) => this.deps.ledgers.has(family));
  }

  async createToken(issuerId: string, request: CreateTokenRequest): Promise<IssuerToken> {
    const blockchain = TOKEN_TYPE_CHAIN[request.tokenType];
    // A chain is offered only where this deployment has its engine (XRPL: a configured node).
    if ((request.blockchain && request.blockchain !== blockchain) || !this.deps.ledgers.has(blockchain)) {
      throw new DomainError('VALIDATION_ERROR', messages.issuerChainUnsupported, {
        fields: { blockchain: messages.issuerChainUnsupported },
      });
    }
    await this.assertMayIssue(issuerId);
    if (request.tokenType === 'STELLAR') await this.assertStellarCodeFree(issuerId, request.symbol);
    const decimals = isItemToken(request.tokenType) ? 0 : request.decimals;
    const treasury = await this.address(issuerId, blockchain);
    const row = await this.deps.db.transaction(async (tx) => {
      const token = await this.deps.repo.with(tx).insertToken({
        issuerId,
        name: request.name,
        symbol: request.symbol,
        description: request.description,
        metadata: request.metadata,
        tokenType: request.tokenType,
        assetCategory: request.assetCategory,
        decimals,
        totalSupply: parseUnits(request.totalSupply, decimals)!.toString(),
        blockchain,
        treasuryAddress: treasury,
      });
      await this.deps.jobs.enqueue(tx, deployTokenJob, { tokenId: token.id }, { dedupeKey: token.id });
      return token;
    });
    this.deps.jobs.notify();
    this.deps.log.info({ issuerId, tokenId: row.id, tokenType: row.tokenType }, 'token created');
    return this.toToken(row, 0n);
  }

  /**
   * A Stellar asset is its code (the symbol) and its issuer (the issuer's vault account): a second
   * token with the same symbol would be the same asset, its supply and holders mixed with the first.
   */
  private async assertStellarCodeFree(issuerId: string, symbol: string): Promise<void> {
    const taken = (await this.deps.repo.tokensOf(issuerId)).some(
      (token) => token.tokenType === 'STELLAR' && token.symbol === symbol && token.status !== 'FAILED',
    );
    if (taken) {
      throw new DomainError('CONFLICT', messages.issuerStellarCodeTaken, {
        fields: { symbol: messages.issuerStellarCodeTaken },
      });
    }
  }

  async tokens(issuerId: string): Promise<IssuerToken[]> {
    const rows = await this.deps.repo.tokensOf(issuerId);
    const committed = await this.deps.repo.committed(rows.map((row) => row.id));
    return rows.map((row) => this.toToken(row, committed.get(row.id) ?? 0n));
  }

  async token(issuerId: string, tokenId: string): Promise<IssuerToken> {
    const row = await this.deps.repo.ownedToken(issuerId, tokenId);
    if (!row) throw new DomainError('NOT_FOUND', messages.issuerTokenNotFound);
    const committed = await this.deps.repo.committed([row.id]);
    return this.toToken(row, committed.get(row.id) ?? 0n);
  }

  async createListing(issuerId: string, request: CreateListingRequest): Promise<IssuerListing> {
    await this.assertMayIssue(issuerId);
    const deadline = new Date(request.deadline);
    if (deadline <= this.deps.clock.now()) {
      throw new DomainError('VALIDATION_ERROR', messages.issuerDeadlinePast, {
        fields: { deadline: messages.issuerDeadlinePast },
      });
    }
    const { listing, token } = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      // The token row lock serialises listings of one token, so the treasury check holds.
      const token = await repo.ownedToken(issuerId, request.tokenId, true);
      if (!token) throw new DomainError('NOT_FOUND', messages.issuerTokenNotFound);
      if (token.status !== 'DEPLOYED') throw new DomainError('CONFLICT', messages.issuerTokenNotDeployed);
      if (request.kind === 'direct' && isItemToken(token.tokenType)) {
        throw new DomainError('VALIDATION_ERROR', messages.issuerItemsInEscrowOnly, {
          fields: { kind: messages.issuerItemsInEscrowOnly },
        });
      }
      const amount = parseUnits(request.tokenAmount, token.decimals);
      const committed = (await repo.committed([token.id])).get(token.id) ?? 0n;
      if (
        amount === undefined ||
        amount <= 0n ||
        amount > BigInt(token.totalSupply) - committed ||
        (isItemToken(token.tokenType) && token.nextItem - 1 + Number(amount) > Number(token.totalSupply)) ||
        !this.wholeLots(token, request.kind, amount)
      ) {
        throw new DomainError('VALIDATION_ERROR', messages.issuerAmountInvalid, {
          fields: { tokenAmount: messages.issuerAmountInvalid },
        });
      }
      const listing = await repo.insertListing({
        tokenId: token.id,
        issuerId,
        kind: request.kind,
        tokenAmount: amount.toString(),
        priceWei: parseUnits(request.priceETH, 18)!.toString(),
        deadline,
        // A direct sale sells from the treasury: nothing to move before it opens.
        status: request.kind === 'direct' ? 'DEPLOYED' : 'PENDING',
        searchText: `${token.name}\n${token.symbol}\n${token.description}`.toLowerCase(),
        firstItem: isItemToken(token.tokenType) ? token.nextItem : null,
      });
      if (isItemToken(token.tokenType))
        await repo.updateToken(token.id, { nextItem: token.nextItem + Number(amount) });
      if (request.kind === 'escrow') {
        await this.deps.jobs.enqueue(
          tx,
          openListingJob,
          { listingId: listing.id },
          { dedupeKey: listing.id },
        );
      }
      return { listing, token };
    });
    this.deps.jobs.notify();
    void this.deps.events.publish('listings.changed', {});
    this.deps.log.info({ issuerId, listingId: listing.id, kind: listing.kind }, 'listing created');
    return this.toListing(listing, token);
  }

  async listings(issuerId: string): Promise<IssuerListing[]> {
    return (await this.deps.repo.listingsOf(issuerId)).map(({ listing, token }) =>
      this.toListing(listing, token),
    );
  }

  /** Stops sales now; an escrow listing then returns its unsold tokens to the issuer (a job). */
  async cancelListing(issuerId: string, listingId: string): Promise<IssuerListing> {
    const result = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const found = await repo.ownedListing(issuerId, listingId);
      if (!found) throw new DomainError('NOT_FOUND', messages.issuerListingNotFound);
      // A suspension freezes the listing as the administrator found it, until they lift it.
      if (found.listing.suspendedAt) throw new DomainError('CONFLICT', messages.issuerListingSuspended);
      const closed = await repo.closeListing(issuerId, listingId);
      if (!closed) throw new DomainError('CONFLICT', messages.issuerListingNotOpen);
      if (closed.kind === 'escrow' && found.listing.status !== 'FAILED') {
        await this.deps.jobs.enqueue(
          tx,
          closeListingJob,
          { listingId },
          { dedupeKey: listingId, maxAttempts: CLOSE_ATTEMPTS },
        );
      }
      return { listing: closed, token: found.token };
    });
    this.deps.jobs.notify();
    void this.deps.events.publish('listings.changed', {});
    return this.toListing(result.listing, result.token);
  }

  /** Public ERC-721 metadata of one item (the contract's tokenURI points here): no personal data. */
  async itemMetadata(tokenId: string, item: number): Promise<ItemMetadata> {
    const token = await this.deps.repo.token(tokenId);
    if (!token || token.tokenType !== 'ERC721' || item < 1 || BigInt(item) > BigInt(token.totalSupply)) {
      throw new DomainError('NOT_FOUND', messages.notFound);
    }
    return {
      name: `${token.name} #${item}`,
      description: token.description,
      attributes: [
        { trait_type: 'Asset category', value: token.assetCategory },
        { trait_type: 'Symbol', value: token.symbol },
      ],
    };
  }

  /** Job: deploys the token from the issuer's vault; safe to run again after a crash. */
  async deploy(tokenId: string, job: JobRow): Promise<void> {
    const token = await this.deps.repo.token(tokenId);
    if (!token || token.status === 'DEPLOYED') return;
    await this.deps.repo.updateToken(tokenId, { status: 'DEPLOYING', error: null });
    try {
      const deployed = await this.ledger(token).deployToken(
        ledgerToken(token),
        { userId: token.issuerId, address: token.treasuryAddress },
        `token:${token.id}:deploy`,
      );
      await this.deps.repo.updateToken(tokenId, {
        status: 'DEPLOYED',
        contractAddress: deployed.contractAddress,
        deployTxHash: deployed.hash,
      });
      this.deps.log.info({ tokenId, contract: deployed.contractAddress }, 'token deployed');
      await this.deps.events.publish('token.deployed', { issuerId: token.issuerId, tokenId });
    } catch (error) {
      if (job.attempts >= job.maxAttempts) {
        await this.deps.repo.updateToken(tokenId, { status: 'FAILED', error: messages.issuerDeployFailed });
      }
      throw error;
    }
  }

  /** Job: moves the listed tokens into escrow. */
  async open(listingId: string, job: JobRow): Promise<void> {
    const found = await this.deps.repo.listing(listingId);
    if (!found || (found.listing.status !== 'PENDING' && found.listing.status !== 'DEPLOYING')) return;
    const { listing, token } = found;
    await this.deps.repo.updateListing(listingId, { status: 'DEPLOYING', error: null });
    void this.deps.events.publish('listings.changed', {});
    try {
      const opened = await this.ledger(token).openEscrow(
        ledgerToken(token),
        ledgerListing(listing),
        this.issuer(token),
        `listing:${listing.id}:open`,
      );
      await this.deps.repo.updateListing(listingId, {
        status: 'DEPLOYED',
        escrowRef: opened.escrowRef,
        txHash: opened.hash,
      });
      this.deps.log.info({ listingId, escrowRef: opened.escrowRef }, 'listing opened');
    } catch (error) {
      if (job.attempts >= job.maxAttempts) {
        await this.deps.repo.updateListing(listingId, {
          status: 'FAILED',
          error: messages.issuerListingFailed,
        });
      }
      throw error;
    } finally {
      void this.deps.events.publish('listings.changed', {});
    }
  }

  /** Job: once no purchase is in flight, the escrow returns what is left to the issuer. */
  async close(listingId: string): Promise<void> {
    const found = await this.deps.repo.listing(listingId);
    if (!found || found.listing.returned !== '0') return;
    const { listing, token } = found;
    if ((await this.deps.repo.unsettledPurchases(listingId)) > 0) {
      throw new Error(`Listing ${listingId} still has purchases settling`);
    }
    if (!listing.txHash) return; // never reached escrow: nothing to return
    const { hash } = await this.ledger(token).closeEscrow(
      ledgerToken(token),
      ledgerListing(listing),
      this.issuer(token),
      `listing:${listing.id}:close`,
    );
    const sold = BigInt(listing.sold);
    await this.deps.repo.updateListing(listingId, {
      closeTxHash: hash,
      returned: (BigInt(listing.tokenAmount) - sold).toString(),
      reserved: sold.toString(),
    });
    this.deps.log.info({ listingId, hash }, 'listing closed');
  }

  /** Deploying and listing need an approved application, or an administrator (ADR 55). */
  private async assertMayIssue(issuerId: string): Promise<void> {
    if (!(await this.deps.repo.mayIssue(issuerId))) {
      throw new DomainError('FORBIDDEN', messages.issuerNotApproved);
    }
  }

  /** A token row by id (other modules read tokens through here). */
  findToken(tokenId: string): Promise<TokenRow | undefined> {
    return this.deps.repo.token(tokenId);
  }

  /** The issuer's own token row: another issuer's token is simply not found. */
  async ownedToken(issuerId: string, tokenId: string): Promise<TokenRow> {
    const row = await this.deps.repo.ownedToken(issuerId, tokenId);
    if (!row) throw new DomainError('NOT_FOUND', messages.issuerTokenNotFound);
    return row;
  }

  /** The EVM escrow sells ERC-20 tokens in whole-token lots (its price is per whole token). */
  wholeLots(token: TokenRow, kind: ListingRow['kind'], amount: bigint): boolean {
    return kind !== 'escrow' || token.tokenType !== 'ERC20' || amount % 10n ** BigInt(token.decimals) === 0n;
  }

  ledger(token: Pick<TokenRow, 'blockchain'>): TokenLedger {
    const ledger = this.deps.ledgers.get(token.blockchain);
    if (!ledger) throw new Error(`No ledger for ${token.blockchain}`);
    return ledger;
  }

  issuer(token: TokenRow): Party {
    return { userId: token.issuerId, address: token.treasuryAddress };
  }

  private async address(userId: string, family: ChainFamily): Promise<string> {
    const { wallets } = await this.deps.vault.info(userId);
    const wallet = wallets.find((w) => w.assetId.startsWith(CHAIN_ASSET_PREFIX[family]));
    if (!wallet) throw new DomainError('CONFLICT', messages.issuerVaultRequired);
    return wallet.address;
  }

  private toToken(row: TokenRow, committed: bigint): IssuerToken {
    return {
      id: row.id,
      name: row.name,
      symbol: row.symbol,
      description: row.description,
      tokenType: row.tokenType,
      assetCategory: row.assetCategory,
      decimals: row.decimals,
      totalSupply: formatUnits(BigInt(row.totalSupply), row.decimals),
      treasuryAmount: formatUnits(BigInt(row.totalSupply) - committed, row.decimals),
      blockchain: row.blockchain,
      ...this.deps.networks.info(row.blockchain),
      metadata: row.metadata,
      status: row.status,
      contractAddress: row.contractAddress,
      deployTxHash: row.deployTxHash,
      explorerUrl: this.deps.networks.explorerAddressUrl(row.blockchain, row.contractAddress),
      error: row.error,
      createdAt: row.createdAt.toISOString(),
    };
  }

  toListing(listing: ListingRow, token: TokenRow): IssuerListing {
    const now = this.deps.clock.now();
    return {
      id: listing.id,
      kind: listing.kind,
      tokenId: token.id,
      tokenName: token.name,
      tokenSymbol: token.symbol,
      tokenType: token.tokenType,
      tokenAmount: formatUnits(BigInt(listing.tokenAmount), token.decimals),
      soldAmount: formatUnits(BigInt(listing.sold), token.decimals),
      proceedsETH: formatUnits(
        listingCost(BigInt(listing.sold), BigInt(listing.priceWei), token.decimals),
        18,
      ),
      reservedAmount: formatUnits(BigInt(listing.reserved), token.decimals),
      priceETH: formatUnits(BigInt(listing.priceWei), 18),
      deadline: listing.deadline.toISOString(),
      status: listing.status,
      available:
        listing.status === 'DEPLOYED' &&
        listing.deadline > now &&
        BigInt(listing.reserved) < BigInt(listing.tokenAmount),
      txHash: listing.txHash,
      error: listing.error,
      suspended: listing.suspendedAt !== null,
      suspensionReason: listing.suspensionReason,
      createdAt: listing.createdAt.toISOString(),
    };
  }
}

export interface ItemMetadata {
  name: string;
  description: string;
  attributes: Array<{ trait_type: string; value: string }>;
}

export function ledgerToken(
  token: Pick<
    TokenRow,
    'id' | 'tokenType' | 'name' | 'symbol' | 'decimals' | 'totalSupply' | 'contractAddress'
  >,
): LedgerToken {
  return {
    id: token.id,
    tokenType: token.tokenType,
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    totalSupply: BigInt(token.totalSupply),
    contractAddress: token.contractAddress,
  };
}

export function ledgerListing(listing: ListingRow): LedgerListing {
  return {
    id: listing.id,
    tokenAmount: BigInt(listing.tokenAmount),
    priceWei: BigInt(listing.priceWei),
    deadline: listing.deadline,
    escrowRef: listing.escrowRef,
    firstItem: listing.firstItem === null ? null : BigInt(listing.firstItem),
  };
}
