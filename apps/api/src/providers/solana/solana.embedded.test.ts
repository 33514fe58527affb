import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { solanaJournal, solanaSends } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/test-database.js';
import { FEE_PAYER_GENESIS_LAMPORTS } from './solana.embedded.js';
import {
  SolanaInputError,
  SolanaReplayError,
  SolanaTransactionFailedError,
  type SolanaPort,
} from './solana.js';
import { EMBEDDED_EXPLORER, embeddedSolanaOn, issueToken } from './testing/test-solana.js';

describe('embedded Solana', () => {
  let database: Database;
  let opened: SolanaPort[];
  let boot: ReturnType<typeof embeddedSolanaOn>;

  const open = async () => {
    const result = await boot.open();
    opened.push(result.solana);
    return result;
  };
  const journal = () => database.db.select().from(solanaJournal).orderBy(asc(solanaJournal.seq));

  const issuedToken = async (solana: SolanaPort, supply = 1_000_000n) => {
    const issuer = await boot.vault();
    return { issuer, mint: await issueToken(solana, issuer, { supply, decimals: 6 }) };
  };

  /**
   * "Stored, then crashed before sending": closes the VM and removes the key's last send from the
   * journal, so a restart rebuilds a chain without it while its row stays pending.
   */
  const forgetLastSend = async (solana: SolanaPort, key: string) => {
    await solana.close();
    const rows = await journal();
    await database.db.delete(solanaJournal).where(eq(solanaJournal.seq, rows.at(-1)!.seq));
    await database.db.update(solanaSends).set({ status: 'pending' }).where(eq(solanaSends.key, key));
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    opened = [];
    boot = embeddedSolanaOn(database);
  });
  afterEach(async () => {
    for (const solana of opened) await solana.close();
    await database.close();
  });

  it('funds the platform fee payer at genesis and journals nothing until something is sent', async () => {
    const { solana, replayed } = await open();
    expect(replayed).toBe(0);
    expect(solana.kind).toBe('embedded');
    expect(await solana.lamports(solana.feePayer)).toBe(FEE_PAYER_GENESIS_LAMPORTS);
    expect(await journal()).toEqual([]);
  });

  it('creates a mint with the issuer vault as authority and mints the supply to its token account', async () => {
    const { solana } = await open();
    const { issuer, mint } = await issuedToken(solana);
    expect(await solana.mintInfo(mint)).toEqual({ supply: 1_000_000n, decimals: 6 });
    expect(await solana.balance(mint, issuer.address)).toBe(1_000_000n);
    expect(await solana.mintInfo(issuer.address)).toBeUndefined();
    // The platform paid every fee and rent; the issuer's account holds no SOL at all.
    expect(await solana.lamports(issuer.address)).toBe(0n);
    expect(await solana.lamports(solana.feePayer)).toBeLessThan(FEE_PAYER_GENESIS_LAMPORTS);
    const rows = await journal();
    expect(rows.map((row) => row.outcome)).toEqual([
      expect.stringMatching(/^ok/),
      expect.stringMatching(/^ok/),
    ]);
  });

  it('moves tokens through a listing escrow: deposit, release to a buyer, return of the unsold rest', async () => {
    const { solana } = await open();
    const { issuer, mint } = await issuedToken(solana);
    const buyer = await boot.vault();
    const escrow = await solana.escrowOwner('listing-1');
    expect(escrow).not.toBe(await solana.escrowOwner('listing-2'));

    await solana.transfer({ key: 'listing:1:deposit', mint, from: issuer, toOwner: escrow, amount: 600n });
    await solana.transfer({
      key: 'purchase:1:deliver',
      mint,
      from: { kind: 'escrow', escrowId: 'listing-1' },
      toOwner: buyer.address,
      amount: 250n,
    });
    // The buyer's own key moves its tokens on (its ATA was created by the delivery).
    await solana.transfer({ key: 'gift:1', mint, from: buyer, toOwner: issuer.address, amount: 50n });
    await solana.transfer({
      key: 'listing:1:return',
      mint,
      from: { kind: 'escrow', escrowId: 'listing-1' },
      toOwner: issuer.address,
      amount: 350n,
    });
    expect(await solana.balance(mint, escrow)).toBe(0n);
    expect(await solana.balance(mint, buyer.address)).toBe(200n);
    expect(await solana.balance(mint, issuer.address)).toBe(1_000_000n - 600n + 50n + 350n);
    expect((await solana.mintInfo(mint))?.supply).toBe(1_000_000n);
  });

  it('sends one transaction per key: a repeat returns the same signature and moves nothing', async () => {
    const { solana } = await open();
    const { issuer, mint } = await issuedToken(solana);
    const buyer = await boot.vault();
    const transfer = { key: 'purchase:7:deliver', mint, from: issuer, toOwner: buyer.address, amount: 10n };
    const [a, b] = await Promise.all([solana.transfer(transfer), solana.transfer(transfer)]);
    const c = await solana.transfer(transfer);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await solana.balance(mint, buyer.address)).toBe(10n);
    expect(await journal()).toHaveLength(3);
    expect(await solana.signatureStatus(a.signature)).toEqual({ state: 'confirmed' });
    expect(await solana.sendRecord(transfer.key)).toEqual({
      key: transfer.key,
      signature: a.signature,
      status: 'confirmed',
      error: null,
    });
  });

  it('records a transaction that failed on chain, and the same key fails the same way without a resend', async () => {
    const { solana } = await open();
    const { issuer, mint } = await issuedToken(solana, 5n);
    const buyer = await boot.vault();
    const transfer = { key: 'purchase:8:deliver', mint, from: issuer, toOwner: buyer.address, amount: 6n };
    const error = await solana.transfer(transfer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SolanaTransactionFailedError);
    expect((error as SolanaTransactionFailedError).reason).toMatch(/InstructionError/);
    const signature = (error as SolanaTransactionFailedError).signature;
    expect(await solana.signatureStatus(signature)).toMatchObject({ state: 'failed' });
    const before = await journal();
    await expect(solana.transfer(transfer)).rejects.toThrow(SolanaTransactionFailedError);
    expect(await journal()).toEqual(before);
    expect(await solana.balance(mint, issuer.address)).toBe(5n);
  });

  it('re-sends the stored transaction of a key whose send never happened, and it lands once', async () => {
    const { solana } = await open();
    const { issuer, mint } = await issuedToken(solana);
    const buyer = await boot.vault();
    const transfer = { key: 'purchase:9:deliver', mint, from: issuer, toOwner: buyer.address, amount: 3n };
    const sent = await solana.transfer(transfer);
    await forgetLastSend(solana, transfer.key);

    const restarted = (await open()).solana;
    expect(await restarted.balance(mint, buyer.address)).toBe(0n);
    expect(await restarted.signatureStatus(sent.signature)).toEqual({ state: 'not-found' });
    const again = await restarted.transfer(transfer);
    // The blockhash moved on when the restart replayed nothing newer, so the same bytes still land.
    expect(again.signature).toBe(sent.signature);
    expect(await restarted.balance(mint, buyer.address)).toBe(3n);
    expect(await restarted.transfer(transfer)).toEqual(again);
    expect(await restarted.balance(mint, buyer.address)).toBe(3n);
  });

  it('re-signs a stored transaction only once its blockhash has expired without it landing', async () => {
    const { solana } = await open();
    const { issuer, mint } = await issuedToken(solana);
    const buyer = await boot.vault();
    const transfer = { key: 'purchase:10:deliver', mint, from: issuer, toOwner: buyer.address, amount: 4n };
    const sent = await solana.transfer(transfer);
    await forgetLastSend(solana, transfer.key);
    // Another transaction moves the chain on before the key is retried.
    const restarted = (await open()).solana;
    await restarted.transfer({ key: 'other', mint, from: issuer, toOwner: issuer.address, amount: 1n });

    const again = await restarted.transfer(transfer);
    expect(again.signature).not.toBe(sent.signature);
    expect(await restarted.signatureStatus(sent.signature)).toEqual({ state: 'not-found' });
    expect(await restarted.balance(mint, buyer.address)).toBe(4n);
    expect(await restarted.sendRecord(transfer.key)).toMatchObject({
      signature: again.signature,
      status: 'confirmed',
    });
  });

  it('rebuilds the same balances and signatures after a restart, and carries on', async () => {
    const first = await open();
    const { issuer, mint } = await issuedToken(first.solana);
    const buyer = await boot.vault();
    const sent = await first.solana.transfer({
      key: 'p:1',
      mint,
      from: issuer,
      toOwner: buyer.address,
      amount: 9n,
    });
    await first.solana.close();

    const second = await open();
    expect(second.replayed).toBe(3);
    expect(await second.solana.balance(mint, buyer.address)).toBe(9n);
    expect(await second.solana.mintInfo(mint)).toEqual({ supply: 1_000_000n, decimals: 6 });
    expect(await second.solana.signatureStatus(sent.signature)).toEqual({ state: 'confirmed' });
    expect(second.solana.feePayer).toBe(first.solana.feePayer);
    await second.solana.transfer({ key: 'p:2', mint, from: issuer, toOwner: buyer.address, amount: 1n });
    expect(await second.solana.balance(mint, buyer.address)).toBe(10n);
    expect(await journal()).toHaveLength(4);
  });

  it('fails the boot loudly when the journal no longer replays to the same state', async () => {
    const { solana } = await open();
    await issuedToken(solana);
    await solana.close();
    await database.db.update(solanaJournal).set({ outcome: 'ok (1 CU)' }).where(eq(solanaJournal.seq, 2));
    await expect(open()).rejects.toThrow(SolanaReplayError);
    await expect(open()).rejects.toThrow(/diverged at journal entry #2/);
  });

  it('replays a journaled transaction that never reported back, and drops one that never ran', async () => {
    const { solana } = await open();
    const { issuer, mint } = await issuedToken(solana);
    const buyer = await boot.vault();
    await solana.transfer({ key: 'p:1', mint, from: issuer, toOwner: buyer.address, amount: 2n });
    await solana.close();
    const rows = await journal();
    // Crash after the write-ahead row, before the outcome; and a row holding a duplicate.
    const last = rows.at(-1)!;
    await database.db.update(solanaJournal).set({ outcome: null }).where(eq(solanaJournal.seq, last.seq));
    await database.db
      .insert(solanaJournal)
      .values({ seq: last.seq + 1, signature: 'duplicate-of-first', wireTx: rows[0]!.wireTx });

    const reopened = await open();
    expect(reopened.replayed).toBe(rows.length);
    const after = await journal();
    expect(after).toHaveLength(rows.length);
    expect(after.at(-1)?.outcome).toBe(last.outcome);
    expect(await reopened.solana.balance(mint, buyer.address)).toBe(2n);
  });

  it('refuses bad input with a clear error before signing anything', async () => {
    const { solana } = await open();
    const { issuer, mint } = await issuedToken(solana);
    const base = { key: 'k', mint, from: issuer, toOwner: issuer.address, amount: 1n };
    await expect(solana.transfer({ ...base, toOwner: 'not-an-address' })).rejects.toThrow(SolanaInputError);
    await expect(solana.transfer({ ...base, amount: 0n })).rejects.toThrow(/Amount must be/);
    await expect(solana.transfer({ ...base, amount: 2n ** 64n })).rejects.toThrow(/Amount must be/);
    await expect(solana.transfer({ ...base, key: '' })).rejects.toThrow(/idempotency key/);
    await expect(solana.transfer({ ...base, mint: issuer.address })).rejects.toThrow(/no SPL mint/);
    await expect(solana.createMint({ key: 'm', decimals: 19, mintAuthority: issuer })).rejects.toThrow(
      /Decimals/,
    );
    // Another vault's key cannot sign for the issuer's address.
    const other = await boot.vault();
    await expect(
      solana.transfer({ ...base, key: 'forged', from: { ...issuer, vaultId: other.vaultId } }),
    ).rejects.toThrow(/does not control/);
    expect(await solana.sendRecord('forged')).toBeUndefined();
  });

  it('links to the explorer', async () => {
    const { solana } = await open();
    expect(solana.explorerTxUrl('5sig')).toBe(`${EMBEDDED_EXPLORER}/tx/5sig`);
    expect(solana.explorerAddressUrl(solana.feePayer)).toBe(
      `${EMBEDDED_EXPLORER}/address/${solana.feePayer}`,
    );
  });
});
