import { asc, eq } from 'drizzle-orm';
import { getAddressDecoder } from '@solana/kit';
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

/** Token-2022's AccountFrozen error: what the program answers a transfer touching a frozen account. */
const ACCOUNT_FROZEN = /InstructionErrorCustom \{ code: 17 \}/;

/** The extension records after a Token-2022 account's 165-byte base and account-type byte. */
function extensionRecords(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const records: { type: number; value: Uint8Array }[] = [];
  for (let at = 166; at + 4 <= data.length;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0) break;
    records.push({ type, value: data.slice(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  return records;
}

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
  /** A new vault whose account of `mint` is thawed (the API found it eligible). */
  const holder = async (solana: SolanaPort, mint: string) => {
    const vault = await boot.vault();
    await solana.thaw({ key: `thaw:${vault.address}`, mint, owner: vault.address });
    return vault;
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
    expect(await solana.mintInfo(mint)).toMatchObject({ supply: 1_000_000n, decimals: 6 });
    expect(await solana.balance(mint, issuer.address)).toBe(1_000_000n);
    expect(await solana.mintInfo(issuer.address)).toBeUndefined();
    // The platform paid every fee and rent; the issuer's account holds no SOL at all.
    expect(await solana.lamports(issuer.address)).toBe(0n);
    expect(await solana.lamports(solana.feePayer)).toBeLessThan(FEE_PAYER_GENESIS_LAMPORTS);
    const rows = await journal();
    // The mint, the thaw of the issuer's account (born frozen), the supply.
    expect(rows.map((row) => row.outcome)).toEqual([
      expect.stringMatching(/^ok/),
      expect.stringMatching(/^ok/),
      expect.stringMatching(/^ok/),
    ]);
  });

  it('moves tokens through a listing escrow: deposit, release to a buyer, return of the unsold rest', async () => {
    const { solana } = await open();
    const { issuer, mint } = await issuedToken(solana);
    const buyer = await holder(solana, mint);
    const escrow = await solana.escrowOwner('listing-1');
    expect(escrow).not.toBe(await solana.escrowOwner('listing-2'));
    await solana.thaw({ key: 'listing:1:thaw', mint, owner: escrow });

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
    const buyer = await holder(solana, mint);
    const transfer = { key: 'purchase:7:deliver', mint, from: issuer, toOwner: buyer.address, amount: 10n };
    const [a, b] = await Promise.all([solana.transfer(transfer), solana.transfer(transfer)]);
    const c = await solana.transfer(transfer);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await solana.balance(mint, buyer.address)).toBe(10n);
    expect(await journal()).toHaveLength(5);
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
    const buyer = await holder(solana, mint);
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
    const buyer = await holder(solana, mint);
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
    const buyer = await holder(first.solana, mint);
    const sent = await first.solana.transfer({
      key: 'p:1',
      mint,
      from: issuer,
      toOwner: buyer.address,
      amount: 9n,
    });
    await first.solana.close();

    const second = await open();
    expect(second.replayed).toBe(5);
    expect(await second.solana.balance(mint, buyer.address)).toBe(9n);
    expect(await second.solana.mintInfo(mint)).toMatchObject({ supply: 1_000_000n, decimals: 6 });
    expect(await second.solana.signatureStatus(sent.signature)).toEqual({ state: 'confirmed' });
    expect(second.solana.feePayer).toBe(first.solana.feePayer);
    await second.solana.transfer({ key: 'p:2', mint, from: issuer, toOwner: buyer.address, amount: 1n });
    expect(await second.solana.balance(mint, buyer.address)).toBe(10n);
    expect(await journal()).toHaveLength(6);
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
    const buyer = await holder(solana, mint);
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

  describe('Token-2022 mints the platform enforces', () => {
    const setUp = async () => {
      const { solana } = await open();
      const issuer = await boot.vault();
      const mint = await issueToken(solana, issuer, { supply: 1_000n, decimals: 2 });
      return { solana, issuer, mint };
    };

    it('makes a Token-2022 mint: accounts born frozen, the platform as freeze authority and permanent delegate', async () => {
      const { solana, issuer, mint } = await setUp();
      const account = (await solana.account(mint))!;
      expect(account.owner).toBe('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
      expect(account.data[165]).toBe(1); // AccountType::Mint
      const records = extensionRecords(account.data);
      // DefaultAccountState (6) = Frozen (2); PermanentDelegate (12) = the platform.
      expect(records.map((record) => record.type).sort((a, b) => a - b)).toEqual([6, 12]);
      expect(records.find((record) => record.type === 6)!.value).toEqual(new Uint8Array([2]));
      expect(getAddressDecoder().decode(records.find((record) => record.type === 12)!.value)).toBe(
        solana.feePayer,
      );
      // Freeze authority: COption tag at 46, key at 50 (the classic mint layout).
      expect(account.data[46]).toBe(1);
      expect(getAddressDecoder().decode(account.data.slice(50, 82))).toBe(solana.feePayer);

      expect(await solana.mintInfo(mint)).toEqual({
        program: 'token-2022',
        supply: 1_000n,
        decimals: 2,
        mintAuthority: issuer.address,
        freezeAuthority: solana.feePayer,
        permanentDelegate: solana.feePayer,
        frozenByDefault: true,
      });
      const buyer = await boot.vault();
      expect(await solana.accountState(mint, buyer.address)).toEqual({
        exists: false,
        frozen: false,
        amount: 0n,
      });
      await solana.freeze({ key: 'open-frozen', mint, owner: buyer.address });
      expect(await solana.accountState(mint, buyer.address)).toEqual({
        exists: true,
        frozen: true,
        amount: 0n,
      });
      expect(await solana.accountState(mint, issuer.address)).toEqual({
        exists: true,
        frozen: false,
        amount: 1_000n,
      });
    });

    it('fails a transfer into a frozen account on chain, and delivers once the account is thawed', async () => {
      const { solana, issuer, mint } = await setUp();
      const buyer = await boot.vault();
      const before = await solana
        .transfer({ key: 'p:1', mint, from: issuer, toOwner: buyer.address, amount: 5n })
        .catch((error: unknown) => error);
      expect(before).toBeInstanceOf(SolanaTransactionFailedError);
      expect((before as SolanaTransactionFailedError).reason).toMatch(ACCOUNT_FROZEN);
      expect(await solana.balance(mint, buyer.address)).toBe(0n);

      const thawed = await solana.thaw({ key: 'p:2:thaw', mint, owner: buyer.address });
      expect(thawed.signature).toEqual(expect.any(String));
      await solana.transfer({ key: 'p:2', mint, from: issuer, toOwner: buyer.address, amount: 5n });
      expect(await solana.accountState(mint, buyer.address)).toEqual({
        exists: true,
        frozen: false,
        amount: 5n,
      });
    });

    it('blocks the holder from moving tokens out of a frozen account', async () => {
      const { solana, issuer, mint } = await setUp();
      const buyer = await boot.vault();
      await solana.thaw({ key: 'buyer:thaw', mint, owner: buyer.address });
      await solana.transfer({ key: 'p:1', mint, from: issuer, toOwner: buyer.address, amount: 30n });
      await solana.freeze({ key: 'buyer:freeze', mint, owner: buyer.address });

      const error = await solana
        .transfer({ key: 'gift', mint, from: buyer, toOwner: issuer.address, amount: 10n })
        .catch((error: unknown) => error);
      expect((error as SolanaTransactionFailedError).reason).toMatch(ACCOUNT_FROZEN);
      expect(await solana.accountState(mint, buyer.address)).toEqual({
        exists: true,
        frozen: true,
        amount: 30n,
      });
    });

    it('sends one freeze or thaw per key, and nothing when the account is already in that state', async () => {
      const { solana, mint } = await setUp();
      const buyer = await boot.vault();
      const entries = (await journal()).length;
      const [a, b] = await Promise.all([
        solana.thaw({ key: 'k:thaw', mint, owner: buyer.address }),
        solana.thaw({ key: 'k:thaw', mint, owner: buyer.address }),
      ]);
      expect(b).toEqual(a);
      expect(a.signature).toEqual(expect.any(String));
      // The same key again: the same transaction, nothing sent.
      expect(await solana.thaw({ key: 'k:thaw', mint, owner: buyer.address })).toEqual(a);
      // Another key while already thawed: nothing to change, nothing sent.
      expect(await solana.thaw({ key: 'k:thaw-again', mint, owner: buyer.address })).toEqual({
        key: 'k:thaw-again',
        signature: null,
      });
      expect(await solana.sendRecord('k:thaw-again')).toBeUndefined();
      expect(await journal()).toHaveLength(entries + 1);

      const frozen = await solana.freeze({ key: 'k:freeze', mint, owner: buyer.address });
      expect(frozen.signature).not.toBe(a.signature);
      expect(await solana.freeze({ key: 'k:freeze', mint, owner: buyer.address })).toEqual(frozen);
      expect((await solana.freeze({ key: 'k:freeze-2', mint, owner: buyer.address })).signature).toBeNull();
      expect(await journal()).toHaveLength(entries + 2);
      expect(await solana.accountState(mint, buyer.address)).toMatchObject({ frozen: true });
    });

    it('lets the platform, as permanent delegate, move tokens out of a frozen account and leave both sides as they were', async () => {
      const { solana, issuer, mint } = await setUp();
      const lost = await boot.vault();
      await solana.thaw({ key: 'lost:thaw', mint, owner: lost.address });
      await solana.transfer({ key: 'p:1', mint, from: issuer, toOwner: lost.address, amount: 40n });
      await solana.freeze({ key: 'lost:freeze', mint, owner: lost.address });
      const replacement = await boot.vault();
      const entries = (await journal()).length;

      const moved = await solana.forceTransfer({
        key: 'recover:1',
        mint,
        fromOwner: lost.address,
        toOwner: replacement.address,
        amount: 25n,
      });
      // One transaction: the recipient's account is created (born frozen), both thawed, the
      // transfer, both frozen again.
      expect(await journal()).toHaveLength(entries + 1);
      expect(await solana.accountState(mint, lost.address)).toEqual({
        exists: true,
        frozen: true,
        amount: 15n,
      });
      expect(await solana.accountState(mint, replacement.address)).toEqual({
        exists: true,
        frozen: true,
        amount: 25n,
      });
      // A re-run with the key: the same transaction, nothing moves again.
      expect(
        await solana.forceTransfer({
          key: 'recover:1',
          mint,
          fromOwner: lost.address,
          toOwner: replacement.address,
          amount: 25n,
        }),
      ).toEqual(moved);
      expect(await journal()).toHaveLength(entries + 1);

      // Between thawed accounts it is a plain delegate transfer, and they stay thawed.
      await solana.forceTransfer({
        key: 'claw',
        mint,
        fromOwner: issuer.address,
        toOwner: lost.address,
        amount: 1n,
      });
      expect(await solana.accountState(mint, issuer.address)).toMatchObject({ frozen: false, amount: 959n });
      expect(await solana.accountState(mint, lost.address)).toMatchObject({ frozen: true, amount: 16n });
    });

    it('refuses a forced transfer from a holder without an account, or to the same holder', async () => {
      const { solana, issuer, mint } = await setUp();
      const nobody = await boot.vault();
      const base = { key: 'f', mint, fromOwner: nobody.address, toOwner: issuer.address, amount: 1n };
      await expect(solana.forceTransfer(base)).rejects.toThrow(/holds no account/);
      await expect(solana.forceTransfer({ ...base, fromOwner: issuer.address })).rejects.toThrow(
        SolanaInputError,
      );
      await expect(solana.forceTransfer({ ...base, amount: 0n })).rejects.toThrow(/Amount must be/);
      expect(await solana.sendRecord('f')).toBeUndefined();
    });

    it('keeps frozen accounts frozen and thawed ones thawed through a journal replay', async () => {
      const { solana, issuer, mint } = await setUp();
      const [kept, blocked] = [await boot.vault(), await boot.vault()];
      for (const holder of [kept, blocked]) {
        await solana.thaw({ key: `thaw:${holder.address}`, mint, owner: holder.address });
        await solana.transfer({
          key: `buy:${holder.address}`,
          mint,
          from: issuer,
          toOwner: holder.address,
          amount: 7n,
        });
      }
      await solana.freeze({ key: 'freeze:blocked', mint, owner: blocked.address });
      await solana.close();

      const restarted = (await open()).solana;
      expect(await restarted.accountState(mint, kept.address)).toEqual({
        exists: true,
        frozen: false,
        amount: 7n,
      });
      expect(await restarted.accountState(mint, blocked.address)).toEqual({
        exists: true,
        frozen: true,
        amount: 7n,
      });
      expect(await restarted.mintInfo(mint)).toMatchObject({ program: 'token-2022', frozenByDefault: true });
      // The replayed chain still enforces: the frozen holder cannot send, the thawed one can.
      await expect(
        restarted.transfer({ key: 'out:blocked', mint, from: blocked, toOwner: kept.address, amount: 1n }),
      ).rejects.toThrow(ACCOUNT_FROZEN);
      await restarted.transfer({ key: 'out:kept', mint, from: kept, toOwner: issuer.address, amount: 1n });
      expect(await restarted.balance(mint, kept.address)).toBe(6n);
    });
  });
});
