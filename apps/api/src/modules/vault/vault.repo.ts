import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { CustodyProvider, Wallet } from '@portal/shared/vault';
import type { DbOrTx } from '../../db/client.js';
import { custodyWebhookEvents, users, vaults, vaultWallets } from '../../db/schema/index.js';

export type VaultRow = typeof vaults.$inferSelect;

/** Vaults, their wallets and the custody webhook inbox. Ownership is always part of the WHERE. */
export class VaultRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): VaultRepo {
    return new VaultRepo(tx);
  }

  async findByUser(userId: string): Promise<VaultRow | undefined> {
    const [row] = await this.db.select().from(vaults).where(eq(vaults.userId, userId));
    return row;
  }

  async findByProviderVault(
    provider: CustodyProvider,
    providerVaultId: string,
  ): Promise<VaultRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vaults)
      .where(and(eq(vaults.provider, provider), eq(vaults.providerVaultId, providerVaultId)));
    return row;
  }

  /**
   * Claims the user's one vault row. The unique user id decides between concurrent creates; a
   * claim left 'creating' by a crashed process may be taken over once it is older than staleBefore.
   * Returns undefined when another create holds or has finished the vault.
   */
  async claim(values: {
    userId: string;
    provider: CustodyProvider;
    name: string;
    autoFuel: boolean;
    claimedAt: Date;
    staleBefore: Date;
  }): Promise<VaultRow | undefined> {
    const { staleBefore, ...row } = values;
    const [claimed] = await this.db
      .insert(vaults)
      .values({ ...row, status: 'creating', createdAt: row.claimedAt })
      .onConflictDoUpdate({
        target: vaults.userId,
        set: {
          provider: row.provider,
          name: row.name,
          autoFuel: row.autoFuel,
          claimedAt: row.claimedAt,
          createdAt: row.claimedAt,
        },
        setWhere: and(eq(vaults.status, 'creating'), lt(vaults.claimedAt, staleBefore)),
      })
      .returning();
    return claimed;
  }

  /** Gives our claim up after the provider failed, so the user can try again (not a takeover's). */
  async release(vaultId: string, claimedAt: Date): Promise<void> {
    await this.db
      .delete(vaults)
      .where(and(eq(vaults.id, vaultId), eq(vaults.status, 'creating'), eq(vaults.claimedAt, claimedAt)));
  }

  async activate(vaultId: string, providerVaultId: string): Promise<VaultRow | undefined> {
    const [row] = await this.db
      .update(vaults)
      .set({ status: 'active', providerVaultId })
      .where(eq(vaults.id, vaultId))
      .returning();
    return row;
  }

  async upsertWallets(vaultId: string, wallets: readonly Wallet[], now: Date): Promise<void> {
    if (!wallets.length) return;
    await this.db
      .insert(vaultWallets)
      .values(
        wallets.map((wallet) => ({
          vaultId,
          assetId: wallet.assetId,
          address: wallet.address,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [vaultWallets.vaultId, vaultWallets.assetId],
        set: { address: sql`excluded.address`, updatedAt: now },
      });
  }

  /** The wallets of the user's active vault; the user id in the join is the ownership check. */
  async walletsOfUser(userId: string): Promise<Wallet[]> {
    return this.db
      .select({ assetId: vaultWallets.assetId, address: vaultWallets.address })
      .from(vaultWallets)
      .innerJoin(vaults, eq(vaults.id, vaultWallets.vaultId))
      .where(and(eq(vaults.userId, userId), eq(vaults.status, 'active')));
  }

  /** One page of users by email, each with their vault status and wallet count (admin view). */
  async userVaultStatuses(limit: number, afterEmail: string | undefined) {
    const walletCounts = this.db
      .select({ vaultId: vaultWallets.vaultId, n: count().as('n') })
      .from(vaultWallets)
      .groupBy(vaultWallets.vaultId)
      .as('wallet_counts');
    return this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        status: vaults.status,
        vaultId: vaults.id,
        walletCount: walletCounts.n,
      })
      .from(users)
      .leftJoin(vaults, eq(vaults.userId, users.id))
      .leftJoin(walletCounts, eq(walletCounts.vaultId, vaults.id))
      .where(afterEmail === undefined ? undefined : gt(users.email, afterEmail))
      .orderBy(asc(users.email))
      .limit(limit);
  }

  /** Records a verified webhook event; false when it was already recorded (a redelivery). */
  async recordWebhookEvent(event: {
    provider: CustodyProvider;
    eventId: string;
    eventType: string;
    resourceId: string | undefined;
    payload: unknown;
    receivedAt: Date;
  }): Promise<boolean> {
    const inserted = await this.db
      .insert(custodyWebhookEvents)
      .values({ ...event, resourceId: event.resourceId ?? null })
      .onConflictDoNothing()
      .returning({ eventId: custodyWebhookEvents.eventId });
    return inserted.length > 0;
  }

  /** Forgets an event whose processing failed, so the provider's redelivery is processed again. */
  async forgetWebhookEvent(provider: CustodyProvider, eventId: string): Promise<void> {
    await this.db
      .delete(custodyWebhookEvents)
      .where(and(eq(custodyWebhookEvents.provider, provider), eq(custodyWebhookEvents.eventId, eventId)));
  }
}
