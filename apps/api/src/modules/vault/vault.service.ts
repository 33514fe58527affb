import type { FastifyBaseLogger } from 'fastify';
import { getAddress, type TransactionSerializable } from 'viem';
import type { ProfileRow } from '../users/users.repo.js';
import type { User } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { controlCharacterAt } from '@portal/shared/text';
import { displayRole, type Role } from '@portal/shared/roles';
import {
  assetChain,
  CUSTODY_ASSET_IDS,
  walletProfileFields,
  type CustodyProvider,
  type Vault,
  type VaultUserStatus,
  type Wallet,
} from '@portal/shared/vault';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { EvmSigner } from '../../providers/chain/chain.js';
import type { CustodyPort, CustodyVault } from '../../providers/custody/custody.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { VaultRepo, VaultRow } from './vault.repo.js';

/** A create that has not finished after this long is taken to have crashed and may be retried. */
export const STALE_CLAIM_MS = 2 * 60_000;

export interface VaultDeps {
  db: Db;
  repo: VaultRepo;
  custody: CustodyPort;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Funds a new vault's ETH address with test ETH when the vault asks for auto-fuel. */
  fuel?: (ethAddress: string) => Promise<void>;
  notify?: Notify;
}

/** A verified custody webhook event (Fireblocks webhooks v2 shape). */
export interface CustodyEvent {
  id: string;
  eventType: string;
  resourceId?: string | undefined;
  data?: Record<string, unknown> | undefined;
}

const assetOrder = (wallet: Wallet) => {
  const index = (CUSTODY_ASSET_IDS as readonly string[]).indexOf(wallet.assetId);
  return index < 0 ? CUSTODY_ASSET_IDS.length : index;
};
const inAssetOrder = (wallets: Wallet[]) => [...wallets].sort((a, b) => assetOrder(a) - assetOrder(b));

/** The vault's id is our random UUID: provider ids (account indexes) are sequential and guessable. */
function toVault(row: VaultRow): Vault {
  return {
    vaultId: row.id,
    id: row.id,
    vaultName: row.name,
    name: row.name,
    autoFuel: row.autoFuel,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
  };
}

const cursorOf = (email: string) => Buffer.from(email, 'utf8').toString('base64url');

/**
 * Custodial vaults: one per user, created at the custody provider, with the wallet addresses
 * mirrored in our database so pages and the profile never wait on the provider.
 */
export class VaultService {
  constructor(private readonly deps: VaultDeps) {}

  async create(
    userId: string,
    input: { autoFuel?: boolean | undefined },
    owner: Role = 'investor',
  ): Promise<{ vault: Vault; wallets: Wallet[] }> {
    const { repo, custody, clock } = this.deps;
    const now = clock.now();
    const autoFuel = input.autoFuel ?? true;
    // No personal data in the provider's vault name; customerRefId carries the link to the user.
    // An issuer's vault holds its treasury: named for what it is, not "Investor vault".
    const name = `${owner === 'issuer' ? 'Issuer' : 'Investor'} vault ${userId.slice(0, 8)}`;
    const claim = await repo.claim({
      userId,
      provider: custody.name,
      name,
      autoFuel,
      claimedAt: now,
      staleBefore: new Date(now.getTime() - STALE_CLAIM_MS),
    });
    if (!claim) {
      const existing = await repo.findByUser(userId);
      throw new DomainError(
        'CONFLICT',
        existing?.status === 'creating' ? messages.vaultCreationInProgress : messages.vaultAlreadyExists,
      );
    }

    let created: CustodyVault;
    try {
      created = await custody.createVault({ customerRefId: userId, name, autoFuel });
    } catch (error) {
      await repo.release(claim.id, claim.claimedAt);
      throw new DomainError('BAD_GATEWAY', messages.vaultCreateFailed, { cause: error });
    }
    const row = await this.deps.db.transaction(async (tx) => {
      const activated = await repo.with(tx).activate(claim.id, created.id);
      if (activated) await repo.with(tx).upsertWallets(claim.id, created.wallets, now);
      return activated;
    });
    if (!row) throw new DomainError('BAD_GATEWAY', messages.vaultCreateFailed);
    this.deps.log.info({ userId, provider: custody.name, vaultId: created.id }, 'vault created');

    const wallets = inAssetOrder(created.wallets);
    if (autoFuel) await this.fuel(userId, wallets);
    await this.deps.notify?.(userId, 'vault.created');
    return { vault: toVault(row), wallets };
  }

  async info(userId: string): Promise<{ vault: Vault | null; wallets: Wallet[]; provider: CustodyProvider }> {
    const provider = this.deps.custody.name;
    const row = await this.deps.repo.findByUser(userId);
    if (row?.status !== 'active') return { vault: null, wallets: [], provider };
    return {
      vault: toVault(row),
      wallets: inAssetOrder(await this.deps.repo.walletsOfUser(userId)),
      provider,
    };
  }

  /** 'Refresh': re-reads the wallets from the custody provider and stores what it reports. */
  async refreshWallets(userId: string): Promise<Wallet[]> {
    const row = await this.activeVault(userId);
    if (!row) return [];
    await this.syncWallets(row);
    return inAssetOrder(await this.deps.repo.walletsOfUser(userId));
  }

  /**
   * The connection test, about the caller's own vault: the provider is asked for it (or, without
   * one, pinged), and the answer counts the caller's vaults. Only admins learn the platform total.
   */
  async testConnection(
    userId: string,
    role: Role,
  ): Promise<{ vaultCount: number; provider: CustodyProvider }> {
    const { custody, repo } = this.deps;
    try {
      if (role === 'admin') return { vaultCount: await custody.countVaults(), provider: custody.name };
      const row = await repo.findByUser(userId);
      if (row?.status !== 'active' || !row.providerVaultId) {
        await custody.countVaults();
        return { vaultCount: 0, provider: custody.name };
      }
      const vault = await custody.getVault(row.providerVaultId);
      return { vaultCount: vault ? 1 : 0, provider: custody.name };
    } catch (error) {
      throw new DomainError('BAD_GATEWAY', messages.vaultConnectionFailed, { cause: error });
    }
  }

  async userStatuses(
    limit: number,
    cursor: string | undefined,
  ): Promise<{ users: VaultUserStatus[]; nextCursor: string | null }> {
    const rows = await this.deps.repo.userVaultStatuses(limit + 1, this.parseCursor(cursor));
    const page = rows.slice(0, limit);
    return {
      users: page.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: displayRole(row.role),
        hasVault: row.status === 'active',
        vaultStatus: row.status ?? 'none',
        vaultId: row.status === 'active' ? row.vaultId : null,
        walletCount: row.status === 'active' ? Number(row.walletCount ?? 0) : 0,
      })),
      nextCursor: rows.length > limit && page.length ? cursorOf(page[page.length - 1]!.email) : null,
    };
  }

  /** The profile's `wallets` and per-chain wallet fields (docs/product.md §3.2), from the profile query. */
  profileFields(row: ProfileRow): Partial<User> {
    const wallets = inAssetOrder(row.wallets);
    return { wallets, ...walletProfileFields(wallets) };
  }

  /**
   * The user's vault ETH wallet as a signer for the keyed chain sender (deployments, listings,
   * purchases); signing stays at the custody provider.
   */
  async evmSigner(userId: string): Promise<EvmSigner> {
    const eth = (await this.deps.repo.walletsOfUser(userId)).find(
      (wallet) => assetChain(wallet.assetId) === 'ethereum',
    );
    if (!eth) throw new DomainError('CONFLICT', messages.vaultRequired);
    return {
      address: getAddress(eth.address),
      signTransaction: (transaction) => this.signEvmTransaction(userId, transaction),
    };
  }

  /** Signs with the user's vault ETH key at the custody provider; the key never reaches us. */
  async signEvmTransaction(userId: string, transaction: TransactionSerializable): Promise<`0x${string}`> {
    const row = await this.activeVault(userId);
    if (!row) throw new DomainError('CONFLICT', messages.vaultRequired);
    return this.deps.custody.signEvmTransaction(row.providerVaultId, transaction);
  }

  /**
   * The user's vault as a Solana signer: its custody id and its stored SOL address (custody
   * refuses to sign when its key does not control that address).
   */
  async solanaSigner(userId: string): Promise<{ kind: 'vault'; vaultId: string; address: string }> {
    const row = await this.activeVault(userId);
    if (!row) throw new DomainError('CONFLICT', messages.vaultRequired);
    const sol = (await this.deps.repo.walletsOfUser(userId)).find((wallet) => wallet.assetId === 'SOL_TEST');
    if (!sol) throw new DomainError('CONFLICT', 'Your vault has no Solana wallet');
    return { kind: 'vault', vaultId: row.providerVaultId, address: sol.address };
  }

  /**
   * Records a verified event once. A vault's new asset wallet is re-read from the provider rather
   * than taken from the event. If processing fails the record is dropped, so a redelivery retries.
   */
  async handleCustodyEvent(event: CustodyEvent, payload: unknown): Promise<{ duplicate: boolean }> {
    const { repo, custody, clock } = this.deps;
    const recorded = await repo.recordWebhookEvent({
      provider: custody.name,
      eventId: event.id,
      eventType: event.eventType,
      resourceId: event.resourceId,
      payload,
      receivedAt: clock.now(),
    });
    if (!recorded) return { duplicate: true };
    try {
      const accountId = event.data?.accountId;
      if (event.eventType === 'vault_account.asset.added' && typeof accountId === 'string') {
        const row = await repo.findByProviderVault(custody.name, accountId);
        if (row?.status === 'active' && row.providerVaultId) {
          await this.syncWallets({ id: row.id, providerVaultId: row.providerVaultId });
        }
      }
    } catch (error) {
      await repo.forgetWebhookEvent(custody.name, event.id);
      throw error;
    }
    return { duplicate: false };
  }

  /** The user's finished vault; it must live at the custody provider this deployment runs. */
  private async activeVault(userId: string): Promise<{ id: string; providerVaultId: string } | undefined> {
    const row = await this.deps.repo.findByUser(userId);
    if (row?.status !== 'active' || !row.providerVaultId) return undefined;
    if (row.provider !== this.deps.custody.name) {
      throw new Error(`Vault ${row.id} is held by ${row.provider}, but custody is ${this.deps.custody.name}`);
    }
    return { id: row.id, providerVaultId: row.providerVaultId };
  }

  private async syncWallets(row: { id: string; providerVaultId: string }): Promise<void> {
    let wallets: Wallet[];
    try {
      const vault = await this.deps.custody.getVault(row.providerVaultId);
      if (!vault) throw new Error(`The provider does not know vault ${row.providerVaultId}`);
      wallets = vault.wallets;
    } catch (error) {
      throw new DomainError('BAD_GATEWAY', messages.walletsLoadFailed, { cause: error });
    }
    await this.deps.repo.upsertWallets(row.id, wallets, this.deps.clock.now());
  }

  private async fuel(userId: string, wallets: Wallet[]): Promise<void> {
    const eth = wallets.find((wallet) => assetChain(wallet.assetId) === 'ethereum');
    if (!this.deps.fuel || !eth) return;
    try {
      await this.deps.fuel(eth.address);
    } catch (error) {
      // Funding is a convenience on test networks; the vault exists either way.
      this.deps.log.warn({ err: error, userId }, 'auto-fuel failed');
    }
  }

  private parseCursor(cursor: string | undefined): string | undefined {
    if (cursor === undefined) return undefined;
    const email = Buffer.from(cursor, 'base64url').toString('utf8');
    // Cursors are ours (an e-mail, encoded): anything else, e.g. bytes that decode to NULs, is refused.
    if (!email || cursorOf(email) !== cursor || !email.includes('@') || controlCharacterAt(email)) {
      throw new DomainError('VALIDATION_ERROR', messages.cursorInvalid, {
        fields: { cursor: messages.cursorInvalid },
      });
    }
    return email;
  }
}
