import type { FastifyBaseLogger } from 'fastify';
import type { KycStatus } from '@portal/shared/kyc';
import type { Purchase } from '@portal/shared/purchases';
import type { Tx } from './db/client.js';

/**
 * What one feature tells the others, published after its transaction has committed. Subscribers
 * live in their own module (`<feature>.module.ts`) and cannot undo or fail the work they hear
 * about: a subscriber's error is logged, never thrown back. Work that must survive a crash is not
 * a subscriber's to do after commit; it is a durable job (docs/architecture.md, "Events").
 */
export interface DomainEvents {
  /** A purchase was created or moved to another status (the buyer's live view, metrics, notices). */
  'purchase.changed': { userId: string; purchase: Purchase };
  /** Something a marketplace page shows changed: a listing opened, sold, closed or was suspended. */
  'listings.changed': Record<string, never>;
  /** A token's contract is on chain. */
  'token.deployed': { issuerId: string; tokenId: string };
  /**
   * A session ended or changed, or its user's role or state did (the database's notification,
   * heard by every process): whatever was opened with it checks whether it may go on.
   */
  'sessions.changed': { sessionId: string } | { userId: string };
}

/**
 * Events whose subscribers must commit or roll back with the change: they run inside the
 * publisher's transaction and may only write through `tx` (e.g. enqueue the job that does the slow
 * part). A failing subscriber fails the transaction.
 */
export interface TransactionalEvents {
  /** A KYC decision was applied to the user's applicant (revocation withdraws what it backed). */
  'kyc.statusApplied': { userId: string; status: KycStatus };
  /** The user's verification was withdrawn: their credentials are revoked in this transaction. */
  'identity.revoked': { userId: string };
  /**
   * A user's balance of a token went down in the books (a forced transfer, a redemption, a
   * transfer out): whatever promised a minimum holding checks it in this transaction (ADR 74).
   */
  'holding.decreased': { userId: string; tokenId: string };
}

type Handler<P> = (payload: P) => void | Promise<void>;
type TxHandler<P> = (tx: Tx, payload: P) => Promise<void>;

/** The one in-process bus of domain events (typed by the two maps above). */
export class EventBus {
  private readonly after = new Map<keyof DomainEvents, Handler<never>[]>();
  private readonly within = new Map<keyof TransactionalEvents, TxHandler<never>[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn'>) {}

  on<K extends keyof DomainEvents>(name: K, handler: Handler<DomainEvents[K]>): void {
    this.after.set(name, [...(this.after.get(name) ?? []), handler as Handler<never>]);
  }

  onTransaction<K extends keyof TransactionalEvents>(
    name: K,
    handler: TxHandler<TransactionalEvents[K]>,
  ): void {
    this.within.set(name, [...(this.within.get(name) ?? []), handler as TxHandler<never>]);
  }

  /**
   * Call after the change has committed. Subscribers run one after another; the promise settles
   * when they are done and never rejects (an error is logged), so a publisher may await it to keep
   * its order (a job that should not end before its consequences are queued) or leave it running.
   */
  async publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of this.after.get(name) ?? []) {
      try {
        await (handler as Handler<DomainEvents[K]>)(payload);
      } catch (error) {
        this.log.warn({ err: error, event: name }, 'event subscriber failed');
      }
    }
  }

  /** Call inside the transaction that makes the change; subscribers write through the same `tx`. */
  async publishIn<K extends keyof TransactionalEvents>(
    tx: Tx,
    name: K,
    payload: TransactionalEvents[K],
  ): Promise<void> {
    for (const handler of this.within.get(name) ?? []) {
      await (handler as TxHandler<TransactionalEvents[K]>)(tx, payload);
    }
  }
}
