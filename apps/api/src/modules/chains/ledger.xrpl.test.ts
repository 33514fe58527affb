import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import type { Database } from '../../db/client.js';
import { XrplTestServer } from '../../providers/xrpl/testing/xrpl-test-server.js';
import { XrplNode, type XrplSigner } from '../../providers/xrpl/xrpl.js';
import { createTestDatabase } from '../../test/test-database.js';
import { SettlementError } from './ledger.js';
import { XrplLedger } from './ledger.xrpl.js';
import { TestParties, sampleListing, sampleToken, until } from './testing/ledger-fixtures.js';

describe('XrplLedger (Multi-Purpose Tokens against the wire-protocol test node)', () => {
  let database: Database;
  let server: XrplTestServer;
  let node: XrplNode;
  let ledger: XrplLedger;
  const platform = Wallet.generate();
  const users = new TestParties(
    () => Wallet.generate(),
    (wallet) => wallet.classicAddress,
    (wallet): XrplSigner => ({
      address: wallet.classicAddress,
      sign: (tx) => {
        const signed = wallet.sign(tx);
        return Promise.resolve({ blob: signed.tx_blob, hash: signed.hash });
      },
    }),
  );
  const { holders } = users;
  const signer = (wallet: Wallet) => users.signer(wallet);
  /** A user whose vault XRP account does not exist yet on the ledger (the platform funds it). */
  const party = (eligible = true) => users.party(eligible);
  const newToken = () => sampleToken('ERC20');
  const listing = sampleListing;
  const nodeOn = () =>
    new XrplNode({ url: server.url, platformSeed: platform.seed!, db: database.db, pollMs: 5 });

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await XrplTestServer.start();
    server.fund(platform.classicAddress, 1_000_000_000n);
    node = nodeOn();
    ledger = new XrplLedger(node, holders);
  });
  afterEach(async () => {
    await node.close();
    await server.close();
    await database.close();
  });

  const deployed = async () => {
    const issuer = party();
    const token = newToken();
    const { contractAddress, hash } = await ledger.deployToken(token, issuer, 'token:1:deploy');
    return { issuer, hash, token: { ...token, contractAddress } };
  };

  it('issues an MPT with RequireAuth, CanLock, CanClawback, its scale and maximum, from the issuer vault the platform funded', async () => {
    const { issuer, token, hash } = await deployed();
    expect(hash).toMatch(/^[0-9A-F]{64}$/);
    const issuance = server.issuances.get(token.contractAddress)!;
    expect(issuance).toMatchObject({
      issuer: issuer.address,
      assetScale: 2,
      maximum: 100_000n,
      outstanding: 0n,
    });
    expect(issuance.flags & (0x02 | 0x04 | 0x40)).toBe(0x02 | 0x04 | 0x40);
    expect(JSON.parse(Buffer.from(issuance.metadata!, 'hex').toString())).toEqual({
      ticker: 'HBD',
      name: 'Harbour Bond',
    });
    expect(await ledger.balanceOf(token, issuer.address)).toBe(100_000n);
    // Same key again: the journal answers, nothing new is submitted.
    const count = server.submitted.length;
    expect((await ledger.deployToken(newToken(), issuer, 'token:1:deploy')).contractAddress).toBe(
      token.contractAddress,
    );
    expect(server.submitted.length).toBe(count);
  });

  it('escrows, authorises the buyer and delivers once per key; closing returns the rest to the issuer', async () => {
    const { issuer, token } = await deployed();
    const buyer = party();
    const { escrowRef } = await ledger.openEscrow(token, listing(), issuer, 'listing:1:open');
    expect(await ledger.balanceOf(token, escrowRef)).toBe(5_000n);

    const released = await ledger.releaseFromEscrow(token, listing(), buyer, 1_200n, 'purchase:1:deliver');
    const again = await ledger.releaseFromEscrow(token, listing(), buyer, 1_200n, 'purchase:1:deliver');
    expect(again.hash).toBe(released.hash);
    expect(await ledger.balanceOf(token, buyer.address)).toBe(1_200n);
    expect(server.holding(token.contractAddress, buyer.address)?.flags).toBe(0x02); // authorised

    const direct = party();
    await ledger.transferFromTreasury(token, issuer, direct, 300n, 'purchase:2:deliver');
    expect(await ledger.balanceOf(token, direct.address)).toBe(300n);

    const closed = await ledger.closeEscrow(token, { ...listing(), escrowRef }, issuer, 'listing:1:close');
    expect(closed.hash).not.toBeNull();
    expect(await ledger.balanceOf(token, escrowRef)).toBe(0n);
    expect(await ledger.balanceOf(token, issuer.address)).toBe(100_000n - 1_200n - 300n);
    expect(
      (await ledger.closeEscrow(token, { ...listing(), escrowRef }, issuer, 'listing:1:close')).hash,
    ).toBe(closed.hash);
    expect(new Set(server.submitted.map((tx) => tx.TransactionType))).toEqual(
      new Set(['Payment', 'MPTokenIssuanceCreate', 'MPTokenAuthorize']),
    );
  });

  it('refuses to authorise an investor who is not verified: nothing reaches the ledger for them', async () => {
    const { token } = await deployed();
    await ledger.openEscrow(token, listing(), party(), 'listing:1:open').catch(() => undefined);
    const stranger = party(false);
    await expect(
      ledger.releaseFromEscrow(token, listing(), stranger, 1n, 'purchase:9:deliver'),
    ).rejects.toBeInstanceOf(SettlementError);
    expect(server.accounts.has(stranger.address)).toBe(false);
  });

  it('the ledger itself refuses an unauthorised holder (tecNO_AUTH): a final settlement error', async () => {
    const { issuer, token } = await deployed();
    const outsider = Wallet.generate();
    server.fund(outsider.classicAddress, 10_000_000n);
    // The outsider opts in on its own, but the issuer never authorised it.
    await node.send('outsider:opt-in', signer(outsider), {
      TransactionType: 'MPTokenAuthorize',
      MPTokenIssuanceID: token.contractAddress,
    });
    users.add(outsider);
    await expect(
      node.send('outsider:pay', await holders.signer(issuer.address), {
        TransactionType: 'Payment',
        Destination: outsider.classicAddress,
        Amount: { mpt_issuance_id: token.contractAddress, value: '1' },
      }),
    ).rejects.toMatchObject({ result: 'tecNO_AUTH' });
  });

  it('locks a holder (no payment in or out) and claws tokens back', async () => {
    const { issuer, token } = await deployed();
    const buyer = party();
    await ledger.transferFromTreasury(token, issuer, buyer, 500n, 'purchase:1:deliver');
    await ledger.lockHolder(token, buyer.address, 'lock:1');
    await expect(
      ledger.transferFromTreasury(token, issuer, buyer, 1n, 'purchase:2:deliver'),
    ).rejects.toBeInstanceOf(SettlementError);
    expect(server.holding(token.contractAddress, buyer.address)?.flags).toBe(0x02 | 0x01);

    await ledger.clawback(token, buyer.address, 200n, 'clawback:1');
    expect(await ledger.balanceOf(token, buyer.address)).toBe(300n);
    expect(await ledger.balanceOf(token, issuer.address)).toBe(100_000n - 300n);
    await ledger.unlockHolder(token, buyer.address, 'unlock:1');
    await ledger.transferFromTreasury(token, issuer, buyer, 1n, 'purchase:3:deliver');
    expect(await ledger.balanceOf(token, buyer.address)).toBe(301n);
  });

  it('re-signs a transaction lost before it landed once the ledger passed its LastLedgerSequence, and it lands once', async () => {
    const { issuer, token } = await deployed();
    const buyer = party();
    await ledger.transferFromTreasury(token, issuer, buyer, 1n, 'purchase:1:deliver');
    server.loseNext(1);
    const sending = ledger.transferFromTreasury(token, issuer, buyer, 10n, 'purchase:2:deliver');
    // Once the submission is lost, the ledger moves past its LastLedgerSequence.
    await until(() => server.losing === 0);
    server.closeLedgers(25);
    const sent = await sending;
    expect(await ledger.balanceOf(token, buyer.address)).toBe(11n);
    const row = await node.sendRecord('purchase:2:deliver');
    expect(row).toMatchObject({ hash: sent.hash, status: 'validated', result: 'tesSUCCESS' });
  });

  it('two workers racing on one issuer account: every payment lands exactly once (tefPAST_SEQ re-signs)', async () => {
    const { issuer, token } = await deployed();
    const buyer = party();
    await ledger.transferFromTreasury(token, issuer, buyer, 1n, 'purchase:0:deliver');
    const second = nodeOn();
    const other = new XrplLedger(second, holders);
    try {
      await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) =>
          (n % 2 ? ledger : other).transferFromTreasury(token, issuer, buyer, 10n, `purchase:${n}:deliver`),
        ),
      );
    } finally {
      await second.close();
    }
    expect(await ledger.balanceOf(token, buyer.address)).toBe(61n);
  });

  it('the node refuses a transaction whose signature does not match its account', async () => {
    const forger = Wallet.generate();
    const victim = Wallet.generate();
    server.fund(victim.classicAddress, 10_000_000n);
    await expect(
      node.send(
        'forged',
        { address: victim.classicAddress, sign: (tx) => signer(forger).sign(tx) },
        {
          TransactionType: 'Payment',
          Destination: forger.classicAddress,
          Amount: '1000000',
        },
      ),
    ).rejects.toThrow(/Invalid signature/);
  });
});
