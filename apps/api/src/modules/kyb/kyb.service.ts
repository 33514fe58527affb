import { randomUUID } from 'node:crypto';
import {
  KYB_DOCUMENT_CONTENT_TYPES,
  KYB_DOCUMENT_MAX_BYTES,
  KYB_MAX_DOCUMENTS,
  type KybApplication,
  type KybDocument,
  type KybDocumentContentType,
  type KybReviewItem,
  type KybUpload,
} from '@portal/shared/kyb';
import { messages } from '@portal/shared/messages';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { Envelope, MasterKey } from '../../secrets/envelope.js';
import { readUpload } from '../../uploads.js';
import type { AdminService } from '../admin/admin.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { KybDocumentMeta, KybRepo } from './kyb.repo.js';

export interface KybDeps {
  db: Db;
  repo: KybRepo;
  masterKey: MasterKey;
  clock: Clock;
  /** The admin audit log, written in the decision's transaction. */
  audit: Pick<AdminService, 'record'>;
  /** Tells the user when their application is decided. */
  notify?: Notify;
}

/** A stored document, opened for its owner or a reviewer. */
export interface KybFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The ciphertext of a document opens only in its own row: this user and this document. */
const documentAad = (userId: string, documentId: string) => `kyb_documents|${userId}|${documentId}`;

/** The name without any folder a browser or a tool may have put in front of it. */
const baseName = (fileName: string) => fileName.split(/[/\\]/).pop()!.trim() || 'document';

const NOT_SUBMITTED: KybApplication = {
  status: 'not_submitted',
  reason: null,
  submittedAt: null,
  decidedAt: null,
  documents: [],
};

function documentView(row: KybDocumentMeta): KybDocument {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType as KybDocumentContentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Know Your Business (ADR 0046): the user's business documents, checked by content and kept
 * envelope-encrypted, and the application an administrator decides. Pending from the first
 * document until the decision; a new document after a rejection submits it again.
 */
export class KybService {
  constructor(private readonly deps: KybDeps) {}

  async view(userId: string): Promise<KybApplication> {
    const [application, documents] = await Promise.all([
      this.deps.repo.find(userId),
      this.deps.repo.documents([userId]),
    ]);
    if (!application) return NOT_SUBMITTED;
    return {
      status: application.status,
      reason: application.status === 'rejected' ? application.reason : null,
      submittedAt: application.submittedAt.toISOString(),
      decidedAt: application.decidedAt?.toISOString() ?? null,
      documents: documents.map(documentView),
    };
  }

  /** Adds a document; the first one opens the application, one after a rejection reopens it. */
  async upload(userId: string, upload: KybUpload): Promise<KybApplication> {
    const { contentType, bytes } = readUpload(upload, {
      allowed: KYB_DOCUMENT_CONTENT_TYPES,
      maxBytes: KYB_DOCUMENT_MAX_BYTES,
      tooLarge: messages.kybDocumentTooLarge,
      unsupported: messages.kycDocumentUnsupported,
      unreadable: messages.kycDocumentUnreadable,
    });
    const id = randomUUID();
    const size = bytes.length;
    // Sealed before the transaction: it holds the application's row lock only for the writes.
    const envelope = this.deps.masterKey.seal(bytes, documentAad(userId, id));
    bytes.fill(0);
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const application = await repo.openAndLock(userId, now);
      if (application.status === 'approved') throw new DomainError('CONFLICT', messages.kybAlreadyApproved);
      if ((await repo.countDocuments(userId)) >= KYB_MAX_DOCUMENTS) {
        throw new DomainError('CONFLICT', messages.kybTooManyDocuments);
      }
      if (application.status === 'rejected') await repo.reopen(userId, now);
      await repo.insertDocument({
        id,
        userId,
        fileName: baseName(upload.fileName),
        contentType,
        size,
        envelope,
        createdAt: now,
      });
    });
    return this.view(userId);
  }

  /** One of the user's own documents; anyone else's is not found. */
  async document(userId: string, documentId: string): Promise<KybFile> {
    return this.open(await this.deps.repo.findOwnDocument(userId, documentId));
  }

  /**
   * Removes a document until the business is verified. Removing the last one of a pending
   * application withdraws it (nothing left to review); a rejection stays visible with its reason.
   */
  async deleteDocument(userId: string, documentId: string): Promise<KybApplication> {
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const application = await repo.lock(userId);
      const document = application && (await repo.findOwnDocumentMeta(userId, documentId));
      if (!application || !document) throw new DomainError('NOT_FOUND', messages.kybDocumentNotFound);
      if (application.status === 'approved') throw new DomainError('CONFLICT', messages.kybAlreadyApproved);
      await repo.deleteOwnDocument(userId, documentId);
      if (application.status === 'pending' && (await repo.countDocuments(userId)) === 0) {
        await repo.withdraw(userId);
      }
    });
    return this.view(userId);
  }

  // ----- the review queue (admins) -----

  /** Pending applications first, then the decided ones; each with its user and documents. */
  async applications(limit: number, userId?: string): Promise<KybReviewItem[]> {
    const rows = await this.deps.repo.applications(limit, userId);
    const documents = await this.deps.repo.documents(rows.map((row) => row.userId));
    return rows.map((row) => ({
      userId: row.userId,
      name: row.name,
      email: row.email,
      status: row.status,
      reason: row.reason,
      submittedAt: row.submittedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedByEmail: row.decidedByEmail,
      documents: documents.filter((document) => document.userId === row.userId).map(documentView),
    }));
  }

  /** Any user's document, for a reviewer. */
  async reviewDocument(documentId: string): Promise<KybFile> {
    return this.open(await this.deps.repo.findDocument(documentId));
  }

  approve(adminId: string, userId: string): Promise<KybReviewItem> {
    return this.decide(adminId, userId, 'approved', null);
  }

  reject(adminId: string, userId: string, reason: string): Promise<KybReviewItem> {
    return this.decide(adminId, userId, 'rejected', reason);
  }

  /** 'Download my data': the application and every document, as the avatar is (base64). */
  async exportData(userId: string) {
    const application = await this.deps.repo.find(userId);
    if (!application) return null;
    const rows = await this.deps.repo.ownDocuments(userId);
    return {
      status: application.status,
      reason: application.reason,
      submittedAt: application.submittedAt.toISOString(),
      decidedAt: application.decidedAt?.toISOString() ?? null,
      documents: rows.map((row) => ({
        ...documentView(row),
        base64: this.open(row).bytes.toString('base64'),
      })),
    };
  }

  /** The decision, its audit row in the same transaction, then the user is told. */
  private async decide(
    adminId: string,
    userId: string,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<KybReviewItem> {
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const application = await repo.lock(userId);
      if (!application) throw new DomainError('NOT_FOUND', messages.notFound);
      if (userId === adminId) throw new DomainError('FORBIDDEN', messages.kybOwnApplication);
      if (application.status !== 'pending') throw new DomainError('CONFLICT', messages.kybNotAwaitingReview);
      await repo.decide(userId, { status, reason, decidedBy: adminId, decidedAt: this.deps.clock.now() });
      await this.deps.audit.record(
        adminId,
        status === 'approved' ? 'kyb.approve' : 'kyb.reject',
        { type: 'kyb-application', id: userId },
        { documents: await repo.countDocuments(userId), ...(reason ? { reason } : {}) },
        tx,
      );
    });
    await this.deps.notify?.(userId, status === 'approved' ? 'kyb.approved' : 'kyb.rejected');
    const [item] = await this.applications(1, userId);
    return item!;
  }

  private open(
    row: { id: string; userId: string; fileName: string; contentType: string; envelope: unknown } | undefined,
  ): KybFile {
    if (!row) throw new DomainError('NOT_FOUND', messages.kybDocumentNotFound);
    return {
      fileName: row.fileName,
      contentType: row.contentType,
      bytes: this.deps.masterKey.open(row.envelope as Envelope, documentAad(row.userId, row.id)),
    };
  }
}
