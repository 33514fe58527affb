import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { TransactionSerializable } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CUSTODY_ASSET_IDS } from '@portal/shared/vault';
import type { Db } from '../../db/client.js';
import { localCustodyAccounts } from '../../db/schema/index.js';
import { CustodyError, type CreateCustodyVault, type CustodyPort, type CustodyVault } from './custody.js';
import { Wallet as XrplWallet, type Transaction as XrplTransaction } from 'xrpl';
import { Keypair, Transaction as StellarTransaction, TransactionBuilder } from '@stellar/stellar-sdk';
import {
  deriveWallets,
  seedFromEntropy,
  signWithSolanaKey,
  withEvmPrivateKey,
  withStellarKey,
  withXrpKeyPair,
} from './hd-wallet.js';

/** The SecretStore name of the local custody's BIP39 entropy. */
export const LOCAL_SEED_SECRET = 'custody.local.seed';

/** 256 bits of entropy: a 24-word mnemonic. */
export const newSeedEntropy = (): Buffer => randomBytes(32);

type AccountRow = typeof localCustodyAccounts.$inferSelect;

/**
 * Embedded custody: one BIP39 seed, kept envelope-encrypted in the secrets table, and one BIP44
 * account per vault. The seed is opened for each operation and wiped right after; only addresses
 * and signatures leave this class.
 */
export class LocalCustody implements CustodyPort {
  readonly name = 'local' as const;

  constructor(
    private readonly db: Db,
    /** Returns a fresh copy of the decrypted entropy, which this class wipes after use. */
    private readonly loadEntropy: () => Promise<Buffer>,
  ) {}

  async createVault(input: CreateCustodyVault): Promise<CustodyVault> {
    const [inserted] = await this.db
      .insert(localCustodyAccounts)
      .values(input)
      .onConflictDoNothing({ target: localCustodyAccounts.customerRefId })
      .returning();
    const account =
      inserted ??
      (
        await this.db
          .select()
          .from(localCustodyAccounts)
          .where(eq(localCustodyAccounts.customerRefId, input.customerRefId))
      )[0];
    if (!account) throw new Error(`Local custody account for ${input.customerRefId} vanished`);
    return this.toVault(account);
  }

  async getVault(vaultId: string): Promise<CustodyVault | undefined> {
    const account = await this.findAccount(vaultId);
    return account ? this.toVault(account) : undefined;
  }

  async countVaults(): Promise<number> {
    // Opening the seed proves the master key still matches, which is what a connection test is for.
    await this.withSeed(() => undefined);
    const [row] = await this.db.select({ n: count() }).from(localCustodyAccounts);
    return row?.n ?? 0;
  }

  async signEvmTransaction(vaultId: string, transaction: TransactionSerializable): Promise<`0x${string}`> {
    const account = await this.findAccount(vaultId);
    if (!account) throw new Error(`Unknown local custody vault ${vaultId}`);
    return this.withSeed((seed) =>
      withEvmPrivateKey(seed, account.accountIndex, (key) =>
        privateKeyToAccount(key).signTransaction(transaction),
      ),
    );
  }

  async signEd25519(vaultId: string, input: { address: string; message: Uint8Array }): Promise<Uint8Array> {
    const account = await this.findAccount(vaultId);
    if (!account) throw new Error(`Unknown local custody vault ${vaultId}`);
    const signature = await this.withSeed((seed) =>
      signWithSolanaKey(seed, account.accountIndex, input.address, input.message),
    );
    if (!signature) throw new CustodyError(`Vault ${vaultId}'s SOL key does not control ${input.address}`);
    return signature;
  }

  async signXrplTransaction(
    vaultId: string,
    input: { address: string; transaction: XrplTransaction },
  ): Promise<{ blob: string; hash: string }> {
    const account = await this.findAccount(vaultId);
    if (!account) throw new Error(`Unknown local custody vault ${vaultId}`);
    if (input.transaction.Account !== input.address) {
      throw new CustodyError(`The transaction's account is not ${input.address}`);
    }
    const signed = await this.withSeed((seed) =>
      withXrpKeyPair(seed, account.accountIndex, input.address, (keys) =>
        new XrplWallet(keys.publicKey, keys.privateKey).sign(input.transaction),
      ),
    );
    if (!signed) throw new CustodyError(`Vault ${vaultId}'s XRP key does not control ${input.address}`);
    return { blob: signed.tx_blob, hash: signed.hash };
  }

  async signStellarTransaction(
    vaultId: string,
    input: { address: string; networkPassphrase: string; envelopeXdr: string },
  ): Promise<{ envelopeXdr: string; hash: string }> {
    const account = await this.findAccount(vaultId);
    if (!account) throw new Error(`Unknown local custody vault ${vaultId}`);
    const transaction = TransactionBuilder.fromXDR(input.envelopeXdr, input.networkPassphrase);
    // A fee bump or an operation of another account would spend what the vault did not agree to.
    if (
      !(transaction instanceof StellarTransaction) ||
      transaction.source !== input.address ||
      transaction.operations.some((operation) => operation.source && operation.source !== input.address)
    ) {
      throw new CustodyError(`The transaction's source is not ${input.address}`);
    }
    const signed = await this.withSeed((seed) =>
      withStellarKey(seed, account.accountIndex, input.address, (rawSeed) => {
        transaction.sign(Keypair.fromRawEd25519Seed(Buffer.from(rawSeed)));
        return true;
      }),
    );
    if (!signed) throw new CustodyError(`Vault ${vaultId}'s XLM key does not control ${input.address}`);
    return {
      envelopeXdr: transaction.toEnvelope().toXDR('base64'),
      hash: transaction.hash().toString('hex'),
    };
  }

  private async findAccount(vaultId: string): Promise<AccountRow | undefined> {
    if (!/^\d{1,10}$/.test(vaultId) || Number(vaultId) > 2 ** 31 - 1) return undefined;
    const [row] = await this.db
      .select()
      .from(localCustodyAccounts)
      .where(eq(localCustodyAccounts.accountIndex, Number(vaultId)));
    return row;
  }

  private async toVault(account: AccountRow): Promise<CustodyVault> {
    const wallets = await this.withSeed((seed) =>
      deriveWallets(seed, account.accountIndex, CUSTODY_ASSET_IDS),
    );
    return { id: String(account.accountIndex), name: account.name, autoFuel: account.autoFuel, wallets };
  }

  private async withSeed<T>(use: (seed: Uint8Array) => T | Promise<T>): Promise<T> {
    const entropy = await this.loadEntropy();
    let seed: Uint8Array | undefined;
    try {
      seed = await seedFromEntropy(entropy);
      return await use(seed);
    } finally {
      entropy.fill(0);
      seed?.fill(0);
    }
  }
}
