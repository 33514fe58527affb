import { createHash } from 'node:crypto';
import { getAddress, type Hex } from 'viem';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainFamily } from '@portal/shared/chain-families';
import { messages } from '@portal/shared/messages';
import {
  OFFERING_DOCUMENT_MAX_BYTES,
  OFFERING_DOCUMENTS_MAX,
  type Acknowledgement,
  type OfferingDocument,
  type OfferingDocumentsView,
  type OfferingDocumentUpload,
} from '@portal/shared/offering-documents';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { DomainError } from '../../errors.js';
import type { JobRow } from '../../jobs/jobs.repo.js';
import { jobKind, type JobQueue } from '../../jobs/queue.js';
import { IpfsIntegrityError, type IpfsPort } from '../../providers/ipfs/ipfs.js';
import { readUpload } from '../../uploads.js';
import { ChainSendError } from '../chains/chains.module.js';
import type { Networks } from '../chains/networks.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { TokenRow } from '../issuer/issuer.repo.js';
import type { VaultService } from '../vault/vault.service.js';
import type { DocumentContracts } from './offering-documents.chain.js';
import type { AcknowledgementRow, DocumentRow, OfferingDocumentsRepo } from './offering-documents.repo.js';

export const recordJob = jobKind('offering-documents.record', z.object({ documentId: z.string() }));
const RECORD_ATTEMPTS = 8;

export interface OfferingDocumentsDeps {
  db: Db;
  repo: OfferingDocumentsRepo;
  ipfs: Pick<IpfsPort, 'add' | 'get'>;
  issuer: Pick<IssuerService, 'ownedToken' | 'findToken'>;
  vault: Pick<VaultService, 'evmSigner'>;
  contracts: DocumentContracts;
  networks: Pick<Networks, 'explorerTxUrl'>;
  jobs: Pick<JobQueue, 'enqueue' | 'notify'>;
  clock: Clock;
  /** The audit log, written in the request's transaction. */
  audit(
    actorId: string,
    action: string,
    target: { type: string; id: string },
    detail: Record<string, unknown>,
    tx: Tx,
  ): Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const sha256 = (bytes: Uint8Array): Hex => `0x${createHash('sha256').update(bytes).digest('hex')}`;
/** Where a token keeps its documents on chain: the ERC-1643 functions of the EVM asset tokens (ADR 73). */
const onChain = (token: Pick<TokenRow, 'blockchain'>) => token.blockchain === 'ethereum';
const sameSet = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((hash) => left.has(hash));
};

/**
 * A token's offering documents and the buyer's acknowledgement of its terms (docs/product.md,
 * ADR 73). The issuer's upload stores the PDF content-addressed and queues a job that records it
 * on chain (ERC-1643 `setDocument` on the EVM); it becomes the current version only once recorded.
 * Downloads re-hash the bytes against the recorded hash; a purchase needs an acknowledgement
 * naming every current document's hash.
 */
export class OfferingDocumentsService {
  constructor(private readonly deps: OfferingDocumentsDeps) {}

  /** The issuer attaches a document (or a new version of one); answered PENDING, recorded by a job. */
  async upload(
    issuerId: string,
    tokenId: string,
    upload: OfferingDocumentUpload,
    key: string | undefined,
  ): Promise<OfferingDocument> {
    const token = await this.deps.issuer.ownedToken(issuerId, tokenId);
    if (key) {
      const earlier = await this.deps.repo.byKey(token.id, issuerId, key);
      if (earlier) return this.view(token, earlier);
    }
    if (token.status !== 'DEPLOYED')
      throw new DomainError('CONFLICT', messages.offeringDocumentTokenNotDeployed);
    const { bytes } = readUpload(upload, {
      allowed: ['application/pdf'] as const,
      maxBytes: OFFERING_DOCUMENT_MAX_BYTES,
      tooLarge: messages.offeringDocumentTooLarge,
      unsupported: messages.offeringDocumentNotPdf,
      unreadable: messages.offeringDocumentRequired,
    });
    // Public offering material: no owner, so the gateway may serve it and a remote service pin it.
    const cid = await this.deps.ipfs.add(bytes, 'application/pdf');
    const name = upload.name;
    const row = await this.inTransaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const names = await repo.liveNames(token.id);
      if (!names.includes(name) && names.length >= OFFERING_DOCUMENTS_MAX)
        throw new DomainError('CONFLICT', messages.offeringDocumentsTooMany);
      const inserted = await repo.insert({
        tokenId: token.id,
        name,
        version: await repo.nextVersion(token.id, name),
        cid,
        sha256: sha256(bytes),
        size: bytes.length,
        uploadedBy: issuerId,
        idempotencyKey: key ?? null,
      });
      await this.deps.jobs.enqueue(
        tx,
        recordJob,
        { documentId: inserted.id },
        { maxAttempts: RECORD_ATTEMPTS },
      );
      await this.deps.audit(
        issuerId,
        'token.document.set',
        { type: 'token', id: token.id },
        { name, version: inserted.version, documentHash: inserted.sha256, cid },
        tx,
      );
      return inserted;
    });
    this.deps.jobs.notify();
    return this.view(token, row);
  }

  /** The issuer removes a current document; answered REMOVING, removed on chain by a job. */
  async remove(issuerId: string, tokenId: string, documentId: string): Promise<OfferingDocument> {
    const token = await this.deps.issuer.ownedToken(issuerId, tokenId);
    const document = await this.deps.repo.document(documentId, token.id);
    if (!document) throw new DomainError('NOT_FOUND', messages.offeringDocumentNotFound);
    // Asking again while the removal is under way answers the same removal.
    if (document.status === 'REMOVING') return this.view(token, document);
    if (document.status !== 'CURRENT') throw new DomainError('NOT_FOUND', messages.offeringDocumentNotFound);
    const row = await this.inTransaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      if (!(await repo.transition(document.id, 'CURRENT', { status: 'REMOVING', error: null })))
        throw new DomainError('CONFLICT', messages.offeringDocumentBusy);
      await this.deps.jobs.enqueue(
        tx,
        recordJob,
        { documentId: document.id },
        { maxAttempts: RECORD_ATTEMPTS },
      );
      await this.deps.audit(
        issuerId,
        'token.document.removed',
        { type: 'token', id: token.id },
        { name: document.name, version: document.version, documentHash: document.sha256 },
        tx,
      );
      return { ...document, status: 'REMOVING', error: null };
    });
    this.deps.jobs.notify();
    return this.view(token, row);
  }

  /** Every version of the issuer's token's documents, newest first. */
  async history(issuerId: string, tokenId: string): Promise<OfferingDocument[]> {
    const token = await this.deps.issuer.ownedToken(issuerId, tokenId);
    return (await this.deps.repo.history(token.id)).map((row) => this.view(token, row));
  }

  /** What a buyer reads before buying: the current documents and whether they acknowledged them. */
  async documents(userId: string, tokenId: string): Promise<OfferingDocumentsView> {
    const token = await this.listedToken(tokenId);
    const current = await this.deps.repo.current(token.id);
    const covering = await this.covering(userId, token.id, current);
    return {
      documents: current.map((row) => this.view(token, row)),
      acknowledged: covering !== undefined || current.length === 0,
      acknowledgedAt: covering?.acknowledgedAt.toISOString() ?? null,
    };
  }

  /**
   * A recorded version's exact bytes, served only when they hash to the recorded hash (and, for a
   * current version on the EVM, to the hash the token's contract records).
   */
  async file(tokenId: string, documentId: string): Promise<{ name: string; bytes: Uint8Array }> {
    const token = await this.listedToken(tokenId);
    const document = await this.deps.repo.document(documentId, token.id);
    if (!document?.recordedAt) throw new DomainError('NOT_FOUND', messages.offeringDocumentNotFound);
    const refused = () => new DomainError('DOCUMENT_HASH_MISMATCH', messages.offeringDocumentHashMismatch);
    const stored = await this.deps.ipfs.get(document.cid).catch((error: unknown) => {
      if (error instanceof IpfsIntegrityError) throw refused();
      throw error;
    });
    if (!stored) throw new DomainError('NOT_FOUND', messages.offeringDocumentNotFound);
    let recorded = document.sha256;
    if (onChain(token) && document.status === 'CURRENT' && token.contractAddress) {
      const chain = await this.deps.contracts.document(getAddress(token.contractAddress), document.name);
      recorded = chain.documentHash;
    }
    const served = sha256(stored.bytes);
    if (served !== document.sha256 || served !== recorded) {
      this.deps.log.warn({ documentId, cid: document.cid }, 'offering document refused: hash mismatch');
      throw refused();
    }
    return { name: document.name, bytes: stored.bytes };
  }

  /** The buyer acknowledges the documents they saw; refused when those are no longer the current ones. */
  async acknowledge(
    userId: string,
    tokenId: string,
    documentHashes: readonly string[],
  ): Promise<Acknowledgement> {
    const token = await this.listedToken(tokenId);
    const current = (await this.deps.repo.current(token.id)).map((row) => row.sha256);
    if (current.length === 0 || !sameSet(current, documentHashes))
      throw new DomainError('CONFLICT', messages.offeringDocumentsChanged);
    const row = await this.deps.repo.acknowledge({
      userId,
      tokenId: token.id,
      documentHashes: [...new Set(documentHashes)].sort(),
      acknowledgedAt: this.deps.clock.now(),
    });
    return this.acknowledgementView(row);
  }

  /** Before anything is reserved: a token with documents needs the buyer's acknowledgement of each current one. */
  async assertAcknowledged(userId: string, tokenId: string): Promise<void> {
    const current = await this.deps.repo.current(tokenId);
    if (current.length === 0) return;
    if (!(await this.covering(userId, tokenId, current)))
      throw new DomainError('TERMS_NOT_ACKNOWLEDGED', messages.offeringTermsNotAcknowledged);
  }

  /** "Download my data": every acknowledgement the user made. */
  async myAcknowledgements(userId: string): Promise<Acknowledgement[]> {
    return (await this.deps.repo.acknowledgements(userId)).map((row) => this.acknowledgementView(row));
  }

  /** The record job: writes the version (or its removal) on chain, then moves it in the books. */
  async record(documentId: string, job: JobRow): Promise<void> {
    const { repo } = this.deps;
    const document = await repo.document(documentId);
    if (!document || (document.status !== 'PENDING' && document.status !== 'REMOVING')) return;
    const token = await this.deps.issuer.findToken(document.tokenId);
    if (!token) return;
    const removing = document.status === 'REMOVING';
    try {
      const hash = onChain(token) ? await this.writeChain(token, document, removing) : null;
      const now = this.deps.clock.now();
      await this.deps.db.transaction(async (tx) => {
        const books = repo.with(tx);
        if (removing) {
          await books.transition(document.id, 'REMOVING', {
            status: 'REMOVED',
            removeTxHash: hash,
            removedAt: now,
          });
        } else if (
          await books.transition(document.id, 'PENDING', { status: 'CURRENT', txHash: hash, recordedAt: now })
        ) {
          await books.supersede(token.id, document.name, document.id);
        }
      });
    } catch (error) {
      const refused = error instanceof ChainSendError || error instanceof DomainError;
      if (!refused && job.attempts < job.maxAttempts) throw error;
      this.deps.log.warn({ err: error, documentId }, 'offering document not recorded');
      const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
      // A failed removal leaves the document current (it still is, on chain too).
      await (removing
        ? repo.transition(document.id, 'REMOVING', { status: 'CURRENT', error: message })
        : repo.transition(document.id, 'PENDING', { status: 'FAILED', error: message }));
    }
  }

  private writeChain(token: TokenRow, document: DocumentRow, removing: boolean): Promise<string> {
    if (!token.contractAddress) throw new DomainError('CONFLICT', messages.offeringDocumentTokenNotDeployed);
    const address = getAddress(token.contractAddress);
    const key = `offering-document:${document.id}:${removing ? 'remove' : 'set'}`;
    return this.deps.vault
      .evmSigner(token.issuerId)
      .then((signer) =>
        removing
          ? this.deps.contracts.removeDocument(address, document.name, key, signer)
          : this.deps.contracts.setDocument(
              address,
              document.name,
              `ipfs://${document.cid}`,
              document.sha256 as Hex,
              key,
              signer,
            ),
      );
  }

  /** The latest acknowledgement naming every current document's hash. */
  private async covering(
    userId: string,
    tokenId: string,
    current: readonly DocumentRow[],
  ): Promise<AcknowledgementRow | undefined> {
    if (current.length === 0) return undefined;
    const acknowledgements = await this.deps.repo.acknowledgements(userId, tokenId);
    return acknowledgements.find((row) =>
      current.every((document) => row.documentHashes.includes(document.sha256)),
    );
  }

  /** A deployed token, as buyers see it; 404 otherwise. */
  private async listedToken(tokenId: string): Promise<TokenRow> {
    const token = await this.deps.issuer.findToken(tokenId);
    if (!token || token.status !== 'DEPLOYED') throw new DomainError('NOT_FOUND', messages.notFound);
    return token;
  }

  /** One busy name (a version or a removal under way) or a racing version number: 409, nothing written. */
  private async inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.deps.db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('CONFLICT', messages.offeringDocumentBusy);
      throw error;
    }
  }

  private view(token: TokenRow, row: DocumentRow): OfferingDocument {
    const hash = row.status === 'REMOVED' ? row.removeTxHash : row.txHash;
    return {
      id: row.id,
      tokenId: row.tokenId,
      name: row.name,
      version: row.version,
      status: row.status as OfferingDocument['status'],
      documentHash: row.sha256,
      cid: row.cid,
      size: row.size,
      downloadUrl: `/api/tokens/${row.tokenId}/documents/${row.id}/file`,
      onChain: onChain(token),
      txHash: hash,
      explorerUrl: this.deps.networks.explorerTxUrl(token.blockchain as ChainFamily, hash),
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      recordedAt: row.recordedAt?.toISOString() ?? null,
    };
  }

  private acknowledgementView(row: AcknowledgementRow): Acknowledgement {
    return {
      tokenId: row.tokenId,
      documentHashes: row.documentHashes,
      acknowledgedAt: row.acknowledgedAt.toISOString(),
    };
  }
}
