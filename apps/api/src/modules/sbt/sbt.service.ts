import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { getAddress, TransactionNotFoundError, type Address, type Hash } from 'viem';
import { messages } from '@portal/shared/messages';
import type { Sbt, SbtImage } from '@portal/shared/sbt';
import { assetChain } from '@portal/shared/vault';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { Fault } from '../../fault-points.js';
import { DomainError } from '../../errors.js';
import type { JobRow } from '../../jobs/jobs.repo.js';
import { jobKind, type JobQueue } from '../../jobs/queue.js';
import { revertErrorName, type ChainPort } from '../../providers/chain/chain.js';
import type { SoulBoundTokens } from '../chains/soul-bound-token.js';
import type { IpfsPort } from '../../providers/ipfs/ipfs.js';
import type { CredentialsService } from '../credentials/credentials.service.js';
import type { DidService } from '../did/did.service.js';
import type { KycService } from '../kyc/kyc.service.js';
import type { VaultService } from '../vault/vault.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { SbtRepo, SbtRow } from './sbt.repo.js';
import { z } from 'zod';

export const mintSbtJob = jobKind('sbt.mint', z.object({ sbtId: z.string() }));
/** Burns the user's SBT once their identity is revoked. */
export const revokeSbtJob = jobKind('sbt.revoke', z.object({ userId: z.string() }));

export interface SbtDeps {
  db: Db;
  repo: SbtRepo;
  designs: SbtImage[];
  dids: DidService;
  kyc: Pick<KycService, 'isVerified'>;
  vault: VaultService;
  credentials: CredentialsService;
  tokens: SoulBoundTokens;
  chain: ChainPort;
  ipfs: IpfsPort;
  jobs: JobQueue;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  notify?: Notify;
  /** Crash tests: kill -9 at a chosen point (fault-points.ts). */
  fault?: Fault;
}

/**
 * One soul-bound token per account, for verified investors only: created with a design, then
 * minted by a job that issues the investor's private credential and mints the token to the
 * vault's ETH address with public ERC-721 metadata (no personal data; a hash commits to the
 * credential). The job is safe to run again after a crash at any step, and after a dropped
 * transaction. Revocation burns the token on chain.
 */
export class SbtService {
  constructor(private readonly deps: SbtDeps) {}

  images(): SbtImage[] {
    return this.deps.designs;
  }

  async create(userId: string, imageId: string): Promise<Sbt> {
    if (!this.design(imageId)) {
      throw new DomainError('VALIDATION_ERROR', messages.sbtUnknownDesign, {
        fields: { selectedImageId: messages.sbtUnknownDesign },
      });
    }
    if (!(await this.deps.dids.find(userId))) throw new DomainError('CONFLICT', messages.didRequired);
    const holder = await this.holderAddress(userId);
    if (!(await this.deps.kyc.isVerified(userId))) throw new DomainError('CONFLICT', messages.sbtKycRequired);
    const row = await this.deps.repo.insert({ userId, imageId, holderAddress: holder });
    if (!row) throw new DomainError('CONFLICT', messages.sbtOnlyOne);
    this.deps.log.info({ userId, sbtId: row.id }, 'SBT created');
    return this.toSbt(row);
  }

  /** Starts (or restarts, after a failure) the mint job; asking again while it runs changes nothing. */
  async startMint(userId: string, sbtId: string): Promise<{ sbt: Sbt; message: string }> {
    const started = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.repo.with(tx).startMinting(userId, sbtId);
      if (row) {
        await this.deps.jobs.enqueue(tx, mintSbtJob, { sbtId }, { dedupeKey: `${sbtId}:${row.mintRuns}` });
      }
      return row;
    });
    if (started) {
      this.deps.jobs.notify();
      return { sbt: this.toSbt(started), message: messages.sbtMintStarted };
    }
    const row = await this.owned(userId, sbtId);
    return {
      sbt: this.toSbt(row),
      message:
        row.status === 'minted'
          ? messages.sbtAlreadyMinted
          : row.status === 'revoked'
            ? messages.sbtRevoked
            : messages.sbtMinting,
    };
  }

  async status(userId: string, sbtId: string): Promise<Sbt> {
    return this.toSbt(await this.owned(userId, sbtId));
  }

  async list(userId: string): Promise<Sbt[]> {
    return (await this.deps.repo.listOwned(userId)).map((row) => this.toSbt(row));
  }

  /** The mint job (jobs/sbt.jobs.ts). Each step is skipped when an earlier run already did it. */
  async mint(sbtId: string, job: JobRow): Promise<void> {
    const { repo, tokens } = this.deps;
    const row = await repo.findById(sbtId);
    if (!row || row.status === 'minted' || row.status === 'revoked') return;
    const holder = getAddress(row.holderAddress);
    try {
      let txHash = (await this.unlessDropped(row)) as Hash | null;
      if (!txHash) {
        const existing = await tokens.tokenOf(holder);
        if (existing > 0n) txHash = await this.recoverMint(row, existing);
        else {
          // Nothing is issued to an identity that is not (or no longer) verified.
          if (!(await this.deps.kyc.isVerified(row.userId))) {
            await repo.markFailed(sbtId, messages.sbtKycRequired);
            return;
          }
          const vcCid = row.vcCid ?? (await this.issueCredential(row, holder));
          txHash = await this.sendMint(row, holder, await this.publishMetadata(row, vcCid));
        }
      }
      const minted = await tokens.confirmMint(txHash, async (replacement) => {
        this.deps.log.warn({ sbtId, txHash: replacement }, 'SBT mint was stuck; sent again with higher fees');
        await repo.setTxHash(sbtId, replacement);
      });
      txHash = minted.txHash;
      await repo.markMinted(sbtId, { tokenId: minted.tokenId, txHash, mintedAt: this.deps.clock.now() });
      this.deps.log.info({ sbtId, tokenId: minted.tokenId.toString(), txHash }, 'SBT minted');
      await this.deps.notify?.(row.userId, 'sbt.minted', { sbtId, txHash });
    } catch (error) {
      if (job.attempts >= job.maxAttempts) await repo.markFailed(sbtId, messages.sbtMintFailed);
      throw error;
    }
  }

  /**
   * The job: burns the user's token on chain (whatever the database says, the chain decides
   * whether a token exists) and marks the SBT revoked. A mint still running finishes first.
   */
  /** The revoke job (jobs/sbt.jobs.ts). */
  async revoke(userId: string): Promise<void> {
    const { repo, tokens, clock, log } = this.deps;
    const row = await repo.findActive(userId);
    if (!row) return;
    if (row.status === 'minting') throw new Error(`SBT ${row.id} is being minted; revoking after it`);
    const tokenId = await tokens.tokenOf(getAddress(row.holderAddress));
    if (tokenId > 0n) {
      const hash = await tokens.sendRevoke(tokenId);
      this.deps.fault?.('sbt.revoke.sent');
      await repo.setRevokeTx(row.id, hash);
      await tokens.confirmRevoke(hash, (replacement) => repo.setRevokeTx(row.id, replacement));
    } else if (!row.revokeTxHash && row.tokenId !== null) {
      // A run that crashed after sending the burn but before recording it: the chain has its hash.
      const hash = await tokens.transactionOf(BigInt(row.tokenId), 'burn');
      if (hash) await repo.setRevokeTx(row.id, hash);
    }
    await repo.markRevoked(row.id, clock.now());
    log.info({ userId, sbtId: row.id, tokenId: tokenId.toString() }, 'SBT revoked');
  }

  /**
   * The recorded mint hash, unless the chain has never heard of it (dropped, or replaced and
   * forgotten by the node): then it is cleared, and the token is looked up or minted anew.
   */
  private async unlessDropped(row: SbtRow): Promise<string | null> {
    if (!row.txHash) return null;
    try {
      await this.deps.chain.publicClient.getTransaction({ hash: row.txHash as Hash });
      return row.txHash;
    } catch (error) {
      if (!(error instanceof TransactionNotFoundError)) throw error;
      this.deps.log.warn(
        { sbtId: row.id, txHash: row.txHash },
        'SBT mint transaction dropped; sending again',
      );
      await this.deps.repo.clearTxHash(row.id, row.txHash);
      return null;
    }
  }

  /**
   * The token's public ERC-721 metadata: the design and a SHA-256 commitment to the private
   * credential (a holder can prove which credential the token stands for), no personal data.
   * Deterministic, so a rerun publishes the very same CID.
   */
  private async publishMetadata(row: SbtRow, vcCid: string): Promise<string> {
    const design = this.design(row.imageId);
    const credential = await this.deps.ipfs.get(vcCid);
    if (!credential) throw new Error(`Credential ${vcCid} of SBT ${row.id} is missing`);
    const metadata = {
      name: 'Investor Portal Soul Bound Token',
      description: 'A non-transferable token held by an investor whose identity the portal verified.',
      image: design?.url ?? '',
      attributes: [
        { trait_type: 'Design', value: design?.name ?? row.imageId },
        {
          trait_type: 'Credential commitment',
          value: `sha256:${createHash('sha256').update(credential.bytes).digest('hex')}`,
        },
      ],
    };
    const bytes = new TextEncoder().encode(JSON.stringify(metadata));
    return this.deps.ipfs.add(bytes, 'application/json');
  }

  private async issueCredential(row: SbtRow, holder: Address): Promise<string> {
    const subject = await this.deps.credentials.investorSubject(row.userId);
    const contract = this.deps.tokens.address;
    const issued = await this.deps.credentials.issue({
      userId: row.userId,
      type: 'SoulBoundTokenCredential',
      subject: {
        ...subject,
        soulBoundToken: {
          design: row.imageId,
          contract,
          chainId: this.deps.chain.chain.id,
          holder,
        },
      },
    });
    await this.deps.repo.setCredential(row.id, issued.cid, contract);
    return issued.cid;
  }

  private async sendMint(row: SbtRow, holder: Address, metadataCid: string): Promise<Hash> {
    try {
      const hash = await this.deps.tokens.sendMint(holder, `ipfs://${metadataCid}`);
      this.deps.fault?.('sbt.mint.sent');
      await this.deps.repo.setTxHash(row.id, hash);
      return hash;
    } catch (error) {
      // A run that crashed after sending but before recording the hash: the token is there.
      if (revertErrorName(error) !== 'AlreadyHoldsToken') throw error;
      return this.recoverMint(row, await this.deps.tokens.tokenOf(holder));
    }
  }

  private async recoverMint(row: SbtRow, tokenId: bigint): Promise<Hash> {
    const hash = await this.deps.tokens.transactionOf(tokenId, 'mint');
    if (!hash) throw new Error(`Token ${tokenId} exists but its mint transaction was not found`);
    await this.deps.repo.setTxHash(row.id, hash);
    return hash;
  }

  private async owned(userId: string, sbtId: string): Promise<SbtRow> {
    const row = await this.deps.repo.findOwned(userId, sbtId);
    if (!row) throw new DomainError('NOT_FOUND', messages.sbtNotFound);
    return row;
  }

  private async holderAddress(userId: string): Promise<Address> {
    const { wallets } = await this.deps.vault.info(userId);
    const eth = wallets.find((wallet) => assetChain(wallet.assetId) === 'ethereum');
    if (!eth) throw new DomainError('CONFLICT', messages.vaultRequired);
    return getAddress(eth.address);
  }

  private design(imageId: string): SbtImage | undefined {
    return this.deps.designs.find((design) => design.id === imageId);
  }

  private toSbt(row: SbtRow): Sbt {
    const design = this.design(row.imageId);
    return {
      id: row.id,
      imageId: row.imageId,
      imageUrl: design?.url ?? '',
      name: design?.name ?? row.imageId,
      status: row.status,
      minted: row.status === 'minted',
      txHash: row.status === 'minted' ? row.txHash : null,
      tokenId: row.tokenId,
      contractAddress: row.contractAddress,
      holderAddress: row.holderAddress,
      explorerUrl:
        row.status === 'minted' && row.txHash ? this.deps.chain.explorerTxUrl(row.txHash as Hash) : null,
      vcCid: row.vcCid,
      vcUrl: row.vcCid ? this.deps.ipfs.url(row.vcCid) : null,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      mintedAt: row.mintedAt?.toISOString() ?? null,
    };
  }
}
