import { setTimeout as sleep } from 'node:timers/promises';
import { address, none } from '@solana/kit';
import {
  AccountState,
  findAssociatedTokenPda,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-database.js';
import { SolanaSendRejectedError, type SolanaPort } from './solana.js';
import { startFakeSolanaRpc, type FakeSolanaRpc } from './testing/fake-solana-rpc.js';
import { classicMint, DEVNET_EXPLORER, issueToken, rpcSolanaOn } from './testing/test-solana.js';

describe('Solana over JSON-RPC', () => {
  let database: Database;
  let node: FakeSolanaRpc;
  let boot: ReturnType<typeof rpcSolanaOn>;
  let solana: SolanaPort;

  const issuedToken = async (supply = 1_000n) => {
    const issuer = await boot.vault();
    return { issuer, mint: await issueToken(solana, issuer, { supply, decimals: 0 }) };
  };
  /** A new vault whose account of `mint` is thawed (the API found it eligible). */
  const holder = async (mint: string) => {
    const vault = await boot.vault();
    await solana.thaw({ key: `thaw:${vault.address}`, mint, owner: vault.address });
    return vault;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    node = await startFakeSolanaRpc();
    boot = rpcSolanaOn(database, node.url);
    solana = await boot.open();
  });
  afterEach(async () => {
    await solana.close();
    await node.close();
    await database.close();
  });

  it('funds an empty fee payer from the faucet and runs the token flow through an escrow', async () => {
    expect(solana.kind).toBe('rpc');
    expect(await solana.lamports(solana.feePayer)).toBe(1_000_000_000n);
    const { issuer, mint } = await issuedToken();
    const buyer = await holder(mint);
    const escrow = await solana.escrowOwner('listing-9');
    await solana.thaw({ key: 'l:9:thaw', mint, owner: escrow });
    await solana.transfer({ key: 'l:9:deposit', mint, from: issuer, toOwner: escrow, amount: 100n });
    const delivered = await solana.transfer({
      key: 'p:1:deliver',
      mint,
      from: { kind: 'escrow', escrowId: 'listing-9' },
      toOwner: buyer.address,
      amount: 40n,
    });
    expect(await solana.balance(mint, buyer.address)).toBe(40n);
    expect(await solana.balance(mint, escrow)).toBe(60n);
    expect(await solana.mintInfo(mint)).toMatchObject({ program: 'token-2022', supply: 1_000n, decimals: 0 });
    expect(await solana.signatureStatus(delivered.signature)).toEqual({ state: 'confirmed' });
    expect(solana.explorerTxUrl(delivered.signature)).toBe(
      `https://explorer.solana.com/tx/${delivered.signature}?cluster=devnet`,
    );
    expect(solana.explorerAddressUrl(escrow)).toBe(
      `https://explorer.solana.com/address/${escrow}?cluster=devnet`,
    );
    expect(DEVNET_EXPLORER).toContain('devnet');
  });

  it('sends one transaction per key', async () => {
    const { issuer, mint } = await issuedToken();
    const buyer = await holder(mint);
    const transfer = { key: 'p:2:deliver', mint, from: issuer, toOwner: buyer.address, amount: 5n };
    const sends = node.state.calls.get('sendTransaction');
    const [a, b] = await Promise.all([solana.transfer(transfer), solana.transfer(transfer)]);
    expect(b).toEqual(a);
    expect(await solana.transfer(transfer)).toEqual(a);
    expect(node.state.calls.get('sendTransaction')).toBe(sends! + 1);
    expect(await solana.balance(mint, buyer.address)).toBe(5n);
  });

  it('sends one transaction for a key across two processes on one database', async () => {
    const { issuer, mint } = await issuedToken();
    const buyer = await holder(mint);
    const other = await boot.open();
    try {
      const transfer = { key: 'p:7:deliver', mint, from: issuer, toOwner: buyer.address, amount: 2n };
      const [a, b] = await Promise.all([solana.transfer(transfer), other.transfer(transfer)]);
      expect(b.signature).toBe(a.signature);
      // Equal transfers under other keys are other transactions.
      const c = await other.transfer({ ...transfer, key: 'p:8:deliver' });
      expect(c.signature).not.toBe(a.signature);
      expect(await solana.balance(mint, buyer.address)).toBe(4n);
    } finally {
      await other.close();
    }
  });

  it('keeps a signed transaction whose send failed and re-sends the same bytes: it lands once', async () => {
    const { issuer, mint } = await issuedToken();
    const buyer = await holder(mint);
    const transfer = { key: 'p:3:deliver', mint, from: issuer, toOwner: buyer.address, amount: 7n };
    // The send fails at the HTTP level: the transaction is stored, never delivered.
    node.state.failSends = 1;
    await expect(solana.transfer(transfer)).rejects.toThrow(/503/);
    const stored = await solana.sendRecord(transfer.key);
    expect(stored).toMatchObject({ status: 'pending' });
    expect(await solana.balance(mint, buyer.address)).toBe(0n);

    const again = await solana.transfer(transfer);
    expect(again.signature).toBe(stored!.signature);
    expect(await solana.balance(mint, buyer.address)).toBe(7n);
  });

  it('re-sends a transaction the cluster lost while its blockhash is still valid', async () => {
    const { issuer, mint } = await issuedToken();
    const buyer = await holder(mint);
    node.state.dropSends = 1;
    const sent = await solana.transfer({
      key: 'p:4',
      mint,
      from: issuer,
      toOwner: buyer.address,
      amount: 1n,
    });
    expect((await solana.sendRecord('p:4'))?.signature).toBe(sent.signature);
    expect(await solana.balance(mint, buyer.address)).toBe(1n);
  });

  it('re-signs only after the lost transaction can no longer land, and delivers once', async () => {
    const { issuer, mint } = await issuedToken();
    const buyer = await holder(mint);
    node.state.dropSends = 1_000_000;
    const pending = solana.transfer({ key: 'p:5', mint, from: issuer, toOwner: buyer.address, amount: 2n });
    while (!(await solana.sendRecord('p:5'))) await sleep(5);
    const first = (await solana.sendRecord('p:5'))!.signature;
    await sleep(50);
    expect(await solana.balance(mint, buyer.address)).toBe(0n);
    node.state.dropSends = 0;
    node.advance(151);
    const sent = await pending;
    expect(sent.signature).not.toBe(first);
    expect(await solana.signatureStatus(first)).toEqual({ state: 'not-found' });
    expect(await solana.balance(mint, buyer.address)).toBe(2n);
  });

  it('reports a transaction refused in preflight, with nothing spent', async () => {
    const { issuer, mint } = await issuedToken(3n);
    const buyer = await holder(mint);
    const fees = await solana.lamports(solana.feePayer);
    await expect(
      solana.transfer({ key: 'p:6', mint, from: issuer, toOwner: buyer.address, amount: 4n }),
    ).rejects.toThrow(SolanaSendRejectedError);
    expect(await solana.lamports(solana.feePayer)).toBe(fees);
    expect(await solana.balance(mint, issuer.address)).toBe(3n);
  });

  it('freezes, thaws and force-moves Token-2022 accounts with the same instructions, sent as wire bytes', async () => {
    const { issuer, mint } = await issuedToken();
    const buyer = await boot.vault();
    // Refused in preflight: the buyer's new account is born frozen.
    await expect(
      solana.transfer({ key: 'p:9', mint, from: issuer, toOwner: buyer.address, amount: 3n }),
    ).rejects.toThrow(SolanaSendRejectedError);
    await solana.thaw({ key: 'p:10:thaw', mint, owner: buyer.address });
    await solana.transfer({ key: 'p:10', mint, from: issuer, toOwner: buyer.address, amount: 3n });
    const frozen = await solana.freeze({ key: 'buyer:freeze', mint, owner: buyer.address });
    expect(await solana.freeze({ key: 'buyer:freeze', mint, owner: buyer.address })).toEqual(frozen);
    const sends = node.state.calls.get('sendTransaction')!;
    await solana.forceTransfer({
      key: 'recover',
      mint,
      fromOwner: buyer.address,
      toOwner: issuer.address,
      amount: 2n,
    });
    expect(node.state.calls.get('sendTransaction')).toBe(sends + 1);
    expect(await solana.accountState(mint, buyer.address)).toEqual({
      exists: true,
      frozen: true,
      amount: 1n,
    });
    expect(await solana.balance(mint, issuer.address)).toBe(999n);
  });

  it('reads and moves a classic SPL mint made before Token-2022, which the platform cannot freeze or force', async () => {
    const issuer = await boot.vault();
    const holder = await boot.vault();
    const mint = await classicMint(node, issuer.address, 100n);
    const [ata] = await findAssociatedTokenPda({
      mint,
      owner: address(holder.address),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    node.setAccount({
      address: ata,
      owner: TOKEN_PROGRAM_ADDRESS,
      data: new Uint8Array(
        getTokenEncoder().encode({
          mint,
          owner: address(holder.address),
          amount: 100n,
          delegate: none(),
          state: AccountState.Initialized,
          isNative: none(),
          delegatedAmount: 0n,
          closeAuthority: none(),
        }),
      ),
    });

    expect(await solana.tokenAccount(mint, holder.address)).toBe(ata);
    expect(await solana.mintInfo(mint)).toEqual({
      program: 'spl-token',
      supply: 100n,
      decimals: 0,
      mintAuthority: issuer.address,
      freezeAuthority: null,
      permanentDelegate: null,
      frozenByDefault: false,
    });
    expect(await solana.accountState(mint, holder.address)).toEqual({
      exists: true,
      frozen: false,
      amount: 100n,
    });
    expect(await solana.thaw({ key: 'c:thaw', mint, owner: holder.address })).toEqual({
      key: 'c:thaw',
      signature: null,
    });
    await expect(solana.freeze({ key: 'c:freeze', mint, owner: holder.address })).rejects.toThrow(
      /not the freeze authority/,
    );
    await expect(
      solana.forceTransfer({
        key: 'c:force',
        mint,
        fromOwner: holder.address,
        toOwner: issuer.address,
        amount: 1n,
      }),
    ).rejects.toThrow(/not the permanent delegate/);
    // The holder's own key still moves them; the recipient's new account is a classic one, thawed.
    await solana.transfer({ key: 'c:gift', mint, from: holder, toOwner: issuer.address, amount: 40n });
    expect(await solana.accountState(mint, issuer.address)).toEqual({
      exists: true,
      frozen: false,
      amount: 40n,
    });
    expect(await solana.balance(mint, holder.address)).toBe(60n);
  });
});
