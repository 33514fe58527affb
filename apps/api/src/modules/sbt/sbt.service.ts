import type { FastifyBaseLogger } from 'fastify';
import { getAddress, type Address, type Hash } from 'viem';
import { messages } from '@portal/shared/messages';
import type { Sbt, SbtImage } from '@portal/shared/sbt';
import { assetChain } from '@portal/shared/vault';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { JobRow } from '../../jobs/jobs.repo.js';
import type { JobQueue } from '../../jobs/queue.js';
import { revertErrorName, type ChainPort } from '../../providers/chain/chain.js';
import type { SoulBoundTokens } from '../../providers/chain/soul-bound-token.js';
import type { IpfsPort } from '../../providers/ipfs/ipfs.js';
import type { CredentialsService } from '../credentials/credentials.service.js';
import type { DidService } from '../did/did.service.js';
import type { VaultService } from '../vault/vault.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { SbtRepo, SbtRow } from './sbt.repo.js';

export const MINT_QUEUE = 'sbt.mint';

export interface SbtDeps {
  db: Db;
  repo: SbtRepo;
  designs: SbtImage[];
  dids: DidService;
  vault: VaultService;
  credentials: CredentialsService;
  tokens: SoulBoundTokens;
  chain: ChainPort;
  ipfs: IpfsPort;
  jobs: JobQueue;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  notify?: Notify;
}

/**
 * One soul-bound token per account: created with a design, then minted by a job that issues the
 * investor's credential, stores it on IPFS and mints the token (tokenURI = ipfs://<cid>) to the
 * vault's ETH address. The job is safe to run again after a crash at any step.
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
        await this.deps.jobs.enqueue(tx, MINT_QUEUE, { sbtId }, { dedupeKey: `${sbtId}:${row.mintRuns}` });
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
      message: row.status === 'minted' ? messages.sbtAlreadyMinted : messages.sbtMinting,
    };
  }

  async status(userId: string, sbtId: string): Promise<Sbt> {
    return this.toSbt(await this.owned(userId, sbtId));
  }

  async list(userId: string): Promise<Sbt[]> {
    return (await this.deps.repo.listOwned(userId)).map((row) => this.toSbt(row));
  }

  /** The mint job (jobs/sbt-mint.job.ts). Each step is skipped when an earlier run already did it. */
  async mint(sbtId: string, job: JobRow): Promise<void> {
    const { repo, tokens } = this.deps;
    const row = await repo.findById(sbtId);
    if (!row || row.status === 'minted') return;
    const holder = getAddress(row.holderAddress);
    try {
      const vcCid = row.vcCid ?? (await this.issueCredential(row, holder));
      let txHash = row.txHash as Hash | null;
      if (!txHash) {
        const existing = await tokens.tokenOf(holder);
        txHash =
          existing > 0n ? await this.recoverMint(row, existing) : await this.sendMint(row, holder, vcCid);
      }
      const minted = await tokens.confirmMint(txHash);
      await repo.markMinted(sbtId, { tokenId: minted.tokenId, txHash, mintedAt: this.deps.clock.now() });
      this.deps.log.info({ sbtId, tokenId: minted.tokenId.toString(), txHash }, 'SBT minted');
      await this.deps.notify?.(row.userId, 'sbt.minted', { sbtId, txHash });
    } catch (error) {
      if (job.attempts >= job.maxAttempts) await repo.markFailed(sbtId, messages.sbtMintFailed);
      throw error;
    }
  }

  private async issueCredential(row: SbtRow, holder: Address): Promise<string> {
    const subject = await this.deps.credentials.investorSubject(row.userId);
    const contract = this.deps.tokens.address;
    const issued = await this.deps.credentials.issue({
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

  private async sendMint(row: SbtRow, holder: Address, vcCid: string): Promise<Hash> {
    try {
      const hash = await this.deps.tokens.sendMint(holder, `ipfs://${vcCid}`);
      await this.deps.repo.setTxHash(row.id, hash);
      return hash;
    } catch (error) {
      // A run that crashed after sending but before recording the hash: the token is there.
      if (revertErrorName(error) !== 'AlreadyHoldsToken') throw error;
      return this.recoverMint(row, await this.deps.tokens.tokenOf(holder));
    }
  }

  private async recoverMint(row: SbtRow, tokenId: bigint): Promise<Hash> {
    const hash = await this.deps.tokens.mintTransaction(tokenId);
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
