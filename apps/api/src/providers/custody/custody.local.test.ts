import { randomBytes, randomUUID } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { entropyToMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { eq, sql, type SQL } from 'drizzle-orm';
import { parseEther, recoverTransactionAddress, type TransactionSerializable } from 'viem';
import {
  Account as StellarAccount,
  Keypair,
  Networks,
  Operation,
  TransactionBuilder,
  type Transaction as StellarTransaction,
} from '@stellar/stellar-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { secrets } from '../../db/schema/index.js';
import { EnvelopeError, MasterKey } from '../../secrets/envelope.js';
import { SecretStore } from '../../secrets/secrets.repo.js';
import { createTestDatabase } from '../../test/test-database.js';
import { LOCAL_SEED_SECRET, LocalCustody } from './custody.local.js';
import { createCustody } from './create-custody.js';
import { seedFromEntropy, withEvmPrivateKey } from './hd-wallet.js';

const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

const transfer: TransactionSerializable = {
  type: 'eip1559',
  chainId: 11155111,
  nonce: 0,
  to: '0x000000000000000000000000000000000000dEaD',
  value: parseEther('0.5'),
  gas: 21_000n,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
};

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

/** Local custody over the abandon mnemonic, so account 0 must give the published vectors. */
const abandonCustody = () =>
  new LocalCustody(database.db, async () => Buffer.from(mnemonicToEntropy(ABANDON, wordlist)));

describe('local HD custody', () => {
  it("gives the first vault account 0's published addresses, and each later vault its own account", async () => {
    const custody = abandonCustody();
    const first = await custody.createVault({ customerRefId: randomUUID(), name: 'A', autoFuel: true });
    const second = await custody.createVault({ customerRefId: randomUUID(), name: 'B', autoFuel: false });

    expect(first.id).toBe('0');
    expect(first.wallets).toEqual([
      { assetId: 'ETH_TEST5', address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' },
      { assetId: 'BTC_TEST', address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl' },
      { assetId: 'SOL_TEST', address: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk' },
      { assetId: 'XRP_TEST', address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3' },
      { assetId: 'XLM_TEST', address: 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX' },
    ]);
    expect(second.id).toBe('1');
    expect(second.wallets.find((w) => w.assetId === 'XLM_TEST')?.address).toBe(
      'GDVSYYTUAJ3ACHTPQNSTQBDQ4LDHQCMNY4FCEQH5TJUMSSLWQSTG42MV',
    );
    expect(await custody.countVaults()).toBe(2);
  });

  it('returns the same account for a retried create (customerRefId), even concurrently', async () => {
    const custody = abandonCustody();
    const ref = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        custody.createVault({ customerRefId: ref, name: 'Same', autoFuel: true }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await custody.countVaults()).toBe(1);
  });

  it('never gives two owners the same account index, even when created concurrently', async () => {
    const custody = abandonCustody();
    const vaults = await Promise.all(
      Array.from({ length: 6 }, () =>
        custody.createVault({ customerRefId: randomUUID(), name: 'N', autoFuel: true }),
      ),
    );
    expect(new Set(vaults.map((v) => v.id)).size).toBe(6);
    expect(new Set(vaults.map((v) => v.wallets[0]!.address)).size).toBe(6);
  });

  it('reads a vault back and ignores ids it never issued', async () => {
    const custody = abandonCustody();
    const vault = await custody.createVault({ customerRefId: randomUUID(), name: 'R', autoFuel: false });
    expect(await custody.getVault(vault.id)).toEqual(vault);
    expect(await custody.getVault('7')).toBeUndefined();
    expect(await custody.getVault('not-a-number')).toBeUndefined();
    expect(await custody.getVault('99999999999')).toBeUndefined();
  });

  it('signs an EVM transaction that recovers to the vault ETH address', async () => {
    const custody = abandonCustody();
    await custody.createVault({ customerRefId: randomUUID(), name: '0', autoFuel: false });
    const vault = await custody.createVault({ customerRefId: randomUUID(), name: '1', autoFuel: false });
    const signed = await custody.signEvmTransaction(vault.id, transfer);
    const signer = await recoverTransactionAddress({ serializedTransaction: signed as never });
    expect(signer).toBe(vault.wallets[0]!.address);
    await expect(custody.signEvmTransaction('42', transfer)).rejects.toThrow(/Unknown local custody vault/);
  });

  it('signs with the vault SOL key only for the address it controls', async () => {
    const custody = abandonCustody();
    const vault = await custody.createVault({ customerRefId: randomUUID(), name: '0', autoFuel: false });
    const address = vault.wallets.find((w) => w.assetId === 'SOL_TEST')!.address;
    expect(address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    const message = new TextEncoder().encode('a Solana transaction message');
    const signature = await custody.signEd25519(vault.id, { address, message });
    expect(signature).toHaveLength(64);
    expect(ed25519.verify(signature, message, base58.decode(address))).toBe(true);
    const other = await custody.createVault({ customerRefId: randomUUID(), name: '1', autoFuel: false });
    await expect(custody.signEd25519(other.id, { address, message })).rejects.toThrow(/does not control/);
    await expect(custody.signEd25519('42', { address, message })).rejects.toThrow(
      /Unknown local custody vault/,
    );
  });

  it('signs a Stellar transaction with the vault XLM key (SEP-0005) only for its own source', async () => {
    const custody = abandonCustody();
    const vault = await custody.createVault({ customerRefId: randomUUID(), name: '0', autoFuel: false });
    const address = vault.wallets.find((w) => w.assetId === 'XLM_TEST')!.address;
    const build = (source: string) =>
      new TransactionBuilder(new StellarAccount(source, '41'), {
        fee: '100',
        networkPassphrase: Networks.TESTNET,
        timebounds: { minTime: 0, maxTime: 2_000_000_000 },
      })
        .addOperation(Operation.setOptions({ setFlags: 1 }))
        .build();
    const unsigned = build(address);
    const input = { address, networkPassphrase: Networks.TESTNET, envelopeXdr: unsigned.toXDR() };
    const signed = await custody.signStellarTransaction(vault.id, input);
    expect(signed.hash).toBe(unsigned.hash().toString('hex'));
    const back = TransactionBuilder.fromXDR(signed.envelopeXdr, Networks.TESTNET) as StellarTransaction;
    expect(back.signatures).toHaveLength(1);
    expect(Keypair.fromPublicKey(address).verify(back.hash(), back.signatures[0]!.signature())).toBe(true);

    const other = await custody.createVault({ customerRefId: randomUUID(), name: '1', autoFuel: false });
    await expect(custody.signStellarTransaction(other.id, input)).rejects.toThrow(/does not control/);
    const foreign = { ...input, envelopeXdr: build(Keypair.random().publicKey()).toXDR() };
    await expect(custody.signStellarTransaction(vault.id, foreign)).rejects.toThrow(/source is not/);
  });
});

describe('the local custody seed at rest', () => {
  it('is generated on first start and the same seed is used on the next start', async () => {
    const master = new MasterKey(randomBytes(32));
    const first = await createCustody(
      { provider: 'local' },
      { db: database.db, secrets: new SecretStore(database.db, master) },
    );
    const vault = await first.custody.createVault({ customerRefId: 'user-1', name: 'x', autoFuel: false });
    const second = await createCustody(
      { provider: 'local' },
      { db: database.db, secrets: new SecretStore(database.db, master) },
    );
    expect(await second.custody.getVault(vault.id)).toEqual(vault);
    const rows = await database.db.select().from(secrets).where(eq(secrets.name, LOCAL_SEED_SECRET));
    expect(rows).toHaveLength(1);
  });

  it('cannot be opened with another master key', async () => {
    await createCustody(
      { provider: 'local' },
      { db: database.db, secrets: new SecretStore(database.db, new MasterKey(randomBytes(32))) },
    );
    await expect(
      createCustody(
        { provider: 'local' },
        { db: database.db, secrets: new SecretStore(database.db, new MasterKey(randomBytes(32))) },
      ),
    ).rejects.toThrow(EnvelopeError);
  });

  it('cannot be opened when its ciphertext is swapped into another row', async () => {
    const master = new MasterKey(randomBytes(32));
    const store = new SecretStore(database.db, master);
    await createCustody({ provider: 'local' }, { db: database.db, secrets: store });
    const [seedRow] = await database.db.select().from(secrets).where(eq(secrets.name, LOCAL_SEED_SECRET));
    await database.db.insert(secrets).values({ name: 'custody.other', envelope: seedRow!.envelope });
    await expect(store.getOrCreate('custody.other', () => randomBytes(32))).rejects.toThrow(
      'Decryption failed',
    );
  });

  it('leaves no plaintext seed, mnemonic or private key anywhere in a database dump', async () => {
    const master = new MasterKey(randomBytes(32));
    const store = new SecretStore(database.db, master);
    const { custody } = await createCustody({ provider: 'local' }, { db: database.db, secrets: store });
    const vault = await custody.createVault({ customerRefId: 'user-dump', name: 'dump', autoFuel: true });
    await custody.signEvmTransaction(vault.id, transfer);

    const entropy = await store.getOrCreate(LOCAL_SEED_SECRET, () => Buffer.alloc(0));
    const seed = await seedFromEntropy(entropy);
    const mnemonic = entropyToMnemonic(entropy, wordlist);
    const ethKey = await withEvmPrivateKey(seed, Number(vault.id), async (key) => key.slice(2));
    const forbidden = [
      entropy.toString('hex'),
      entropy.toString('base64'),
      entropy.toString('base64url'),
      Buffer.from(seed).toString('hex'),
      Buffer.from(seed).toString('base64'),
      mnemonic,
      mnemonic.split(' ').slice(0, 4).join(' '),
      ethKey,
      Buffer.from(ethKey, 'hex').toString('base64'),
    ];

    // Both drivers answer raw SQL with { rows }.
    const query = async <T>(statement: SQL) =>
      ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
    const tables = await query<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    let dump = '';
    for (const { tablename } of tables) {
      dump += JSON.stringify(await query(sql`select * from ${sql.identifier(tablename)}`));
    }
    // The dump is real: it holds the account and the sealed seed row.
    expect(dump).toContain('user-dump');
    expect(dump).toContain(LOCAL_SEED_SECRET);
    for (const secret of forbidden) expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());
  });
});
