import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import type { SolanaPort, SolanaSigner } from '../../providers/solana/solana.js';
import { startFakeSolanaRpc } from '../../providers/solana/testing/fake-solana-rpc.js';
import { classicMint, embeddedSolanaOn, rpcSolanaOn } from '../../providers/solana/testing/test-solana.js';
import { createTestDatabase } from '../../test/test-database.js';
import { SettlementError, type LedgerListing, type LedgerToken, type Party } from './ledger.js';
import { SplLedger } from './ledger.spl.js';

describe('SplLedger on Token-2022', () => {
  let database: Database;
  let solana: SolanaPort;
  let boot: ReturnType<typeof embeddedSolanaOn>;
  let ledger: SplLedger;
  const signers = new Map<string, SolanaSigner>();

  /** A user with a custodial vault, as the ledger sees parties. */
  const party = async (): Promise<Party> => {
    const vault = await boot.vault();
    signers.set(vault.vaultId, vault);
    return { userId: vault.vaultId, address: vault.address };
  };
  const newToken = (): LedgerToken => ({
    id: 'token-1',
    tokenType: 'SPL',
    name: 'Bond',
    symbol: 'BND',
    decimals: 0,
    totalSupply: 1_000n,
    contractAddress: null,
  });
  const listing = (escrowRef: string | null = null): LedgerListing => ({
    id: 'listing-1',
    tokenAmount: 100n,
    priceWei: 1n,
    deadline: new Date(Date.now() + 86_400_000),
    escrowRef,
    firstItem: null,
  });

  beforeEach(async () => {
    database = await createTestDatabase();
    boot = embeddedSolanaOn(database);
    solana = (await boot.open()).solana;
    ledger = new SplLedger(solana, { solanaSigner: async (userId) => signers.get(userId)! });
  });
  afterEach(async () => {
    await solana.close();
    await database.close();
  });

  const deployed = async () => {
    const issuer = await party();
    const token = newToken();
    const { contractAddress } = await ledger.deployToken(token, issuer, 'token:1:deploy');
    return { issuer, token: { ...token, contractAddress } };
  };

  it('deploys an enforced mint with the supply in a thawed treasury', async () => {
    const { issuer, token } = await deployed();
    expect(await solana.mintInfo(token.contractAddress)).toMatchObject({
      program: 'token-2022',
      frozenByDefault: true,
    });
    expect(await ledger.holderState(token, issuer.address)).toEqual({
      exists: true,
      frozen: false,
      amount: 1_000n,
      enforced: true,
    });
  });

  it('delivers to a buyer whose account it thaws first, from escrow and from the treasury, once per key', async () => {
    const { issuer, token } = await deployed();
    const buyer = await party();
    const { escrowRef } = await ledger.openEscrow(token, listing(), issuer, 'listing:1:open');
    expect(await ledger.holderState(token, escrowRef)).toMatchObject({ frozen: false, amount: 100n });

    const released = await ledger.releaseFromEscrow(
      token,
      listing(escrowRef),
      buyer,
      30n,
      'purchase:1:deliver',
    );
    expect(
      await ledger.releaseFromEscrow(token, listing(escrowRef), buyer, 30n, 'purchase:1:deliver'),
    ).toEqual(released);
    await ledger.transferFromTreasury(token, issuer, buyer, 5n, 'purchase:2:deliver');
    expect(await ledger.holderState(token, buyer.address)).toEqual({
      exists: true,
      frozen: false,
      amount: 35n,
      enforced: true,
    });
    expect((await solana.sendRecord('purchase:1:deliver:thaw'))?.status).toBe('confirmed');
    // The second delivery found the account thawed: nothing was sent for its thaw.
    expect(await solana.sendRecord('purchase:2:deliver:thaw')).toBeUndefined();
  });

  it('freezes, thaws and force-moves holders for the compliance module', async () => {
    const { issuer, token } = await deployed();
    const holder = await party();
    const other = await party();
    await ledger.transferFromTreasury(token, issuer, holder, 50n, 'purchase:1:deliver');

    const frozen = await ledger.freezeHolder(token, holder.address, 'action:1');
    expect(frozen.hash).toEqual(expect.any(String));
    expect(await ledger.freezeHolder(token, holder.address, 'action:1')).toEqual(frozen);
    expect(await ledger.freezeHolder(token, holder.address, 'action:2')).toEqual({ hash: null });
    expect(await ledger.holderState(token, holder.address)).toMatchObject({ frozen: true, amount: 50n });

    // A frozen holder's delivery fails on chain unless the API thaws them (it does, when eligible).
    const moved = await ledger.forcedTransfer(token, holder.address, other.address, 20n, 'action:3');
    expect(moved.hash).toEqual(expect.any(String));
    expect(await ledger.holderState(token, holder.address)).toMatchObject({ frozen: true, amount: 30n });
    expect(await ledger.holderState(token, other.address)).toMatchObject({ frozen: true, amount: 20n });
    expect(await ledger.forcedTransfer(token, holder.address, other.address, 0n, 'action:4')).toEqual({
      hash: null,
    });

    expect((await ledger.thawHolder(token, holder.address, 'action:5')).hash).toEqual(expect.any(String));
    expect(await ledger.holderState(token, holder.address)).toMatchObject({ frozen: false });
    // More than the holder has: the chain refuses, and that is final for the action.
    await expect(
      ledger.forcedTransfer(token, holder.address, other.address, 31n, 'action:6'),
    ).rejects.toThrow(SettlementError);
  });
});

describe('SplLedger on a classic SPL mint made before Token-2022', () => {
  it('records no freeze on chain and refuses a forced transfer', async () => {
    const database = await createTestDatabase();
    const node = await startFakeSolanaRpc();
    const boot = rpcSolanaOn(database, node.url);
    const solana = await boot.open();
    try {
      const mint = await classicMint(node, solana.feePayer, 0n);
      const ledger = new SplLedger(solana, { solanaSigner: () => Promise.reject(new Error('unused')) });
      const token: LedgerToken = {
        id: 'old',
        tokenType: 'SPL',
        name: 'Old',
        symbol: 'OLD',
        decimals: 0,
        totalSupply: 0n,
        contractAddress: mint,
      };
      const holder = (await boot.vault()).address;
      expect(await ledger.holderState(token, holder)).toEqual({
        exists: false,
        frozen: false,
        amount: 0n,
        enforced: false,
      });
      expect(await ledger.freezeHolder(token, holder, 'a:1')).toEqual({ hash: null });
      expect(await ledger.thawHolder(token, holder, 'a:2')).toEqual({ hash: null });
      await expect(ledger.forcedTransfer(token, holder, solana.feePayer, 1n, 'a:3')).rejects.toThrow(
        /classic SPL token/,
      );
      expect(await solana.sendRecord('a:1')).toBeUndefined();
    } finally {
      await solana.close();
      await node.close();
      await database.close();
    }
  });
});
