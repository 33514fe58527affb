import { Asset, Horizon, Keypair, Networks, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { HorizonTestServer } from '../../providers/stellar/testing/horizon-test-server.js';
import { StellarNode, type StellarSigner } from '../../providers/stellar/stellar.js';
import { createTestDatabase } from '../../test/test-database.js';
import { SettlementError } from './ledger.js';
import { StellarLedger } from './ledger.stellar.js';
import { TestParties, sampleListing, sampleToken, until } from './testing/ledger-fixtures.js';

const XLM = 10_000_000n; // stroops
const AUTH_REQUIRED = 0x1;
const AUTH_REVOCABLE = 0x2;
const AUTH_CLAWBACK_ENABLED = 0x8;
const AUTHORIZED = 0x1;
const TRUSTLINE_CLAWBACK_ENABLED = 0x4;

describe('StellarLedger (classic assets against the local Horizon)', () => {
  let database: Database;
  let server: HorizonTestServer;
  let node: StellarNode;
  let ledger: StellarLedger;
  const platform = Keypair.random();
  const users = new TestParties(
    () => Keypair.random(),
    (keypair) => keypair.publicKey(),
    (keypair): StellarSigner => ({
      address: keypair.publicKey(),
      sign: (envelope, passphrase) => {
        const transaction = TransactionBuilder.fromXDR(envelope, passphrase);
        transaction.sign(keypair);
        return Promise.resolve(transaction.toXDR());
      },
    }),
  );
  const { holders } = users;
  const signer = (keypair: Keypair) => users.signer(keypair);
  /** A user whose vault XLM account does not exist yet (the platform creates it). */
  const party = (eligible = true) => users.party(eligible);
  const newToken = () => sampleToken('STELLAR');
  const listing = sampleListing;
  const nodeOn = (passphrase = Networks.TESTNET) =>
    new StellarNode({
      horizonUrl: server.url,
      platformSecret: platform.secret(),
      networkPassphrase: passphrase,
      db: database.db,
      pollMs: 5,
    });

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await HorizonTestServer.start();
    server.fund(platform.publicKey(), 10_000n * XLM);
    node = nodeOn();
    ledger = new StellarLedger(node, holders);
  });
  afterEach(async () => {
    await server.close();
    await database.close();
  });

  const deployed = async () => {
    const issuer = party();
    const token = newToken();
    const { contractAddress, hash } = await ledger.deployToken(token, issuer, 'token:1:deploy');
    return { issuer, hash, token: { ...token, contractAddress } };
  };
  /** The journal row of `key`, once the sender wrote it. */
  const journaled = async (key: string) => {
    let row = await node.sendRecord(key);
    while (!row) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      row = await node.sendRecord(key);
    }
    return row;
  };
  const opTypes = () => new Set(server.submitted.flatMap((tx) => tx.operations.map((op) => op.type)));

  it('the issuer vault, created by the platform, requires authorisation and can revoke and claw back before anything is issued', async () => {
    const { issuer, token, hash } = await deployed();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token.contractAddress).toBe(`HBD${issuer.address}`);
    expect(server.accounts.get(issuer.address)!.flags).toBe(
      AUTH_REQUIRED | AUTH_REVOCABLE | AUTH_CLAWBACK_ENABLED,
    );
    expect(await ledger.balanceOf(token, issuer.address)).toBe(100_000n);
    expect(opTypes()).toEqual(new Set(['createAccount', 'setOptions']));
    // Same key again: the journal answers, nothing new is submitted.
    const count = server.submitted.length;
    expect((await ledger.deployToken(newToken(), issuer, 'token:1:deploy')).hash).toBe(hash);
    expect(server.submitted.length).toBe(count);
  });

  it('refuses what a Stellar asset cannot be: a long code, more than 7 decimals, a supply past int64 stroops', async () => {
    const issuer = party();
    await expect(ledger.deployToken({ ...newToken(), symbol: 'ABCDEFGHIJKLM' }, issuer, 'a')).rejects.toThrow(
      /1 to 12 letters or digits/,
    );
    await expect(ledger.deployToken({ ...newToken(), decimals: 8 }, issuer, 'b')).rejects.toThrow(
      /7 decimals/,
    );
    await expect(
      ledger.deployToken(
        { ...newToken(), decimals: 0, totalSupply: 2n ** 63n / 10n ** 7n + 1n },
        issuer,
        'c',
      ),
    ).rejects.toThrow(/2\^63/);
    expect(server.submitted).toEqual([]);
  });

  it('escrows, authorises the buyer and delivers once per key, amounts exact at the token decimals; closing returns the rest', async () => {
    const { issuer, token } = await deployed();
    const buyer = party();
    const { escrowRef } = await ledger.openEscrow(token, listing(), issuer, 'listing:1:open');
    expect(await ledger.balanceOf(token, escrowRef)).toBe(5_000n);

    const released = await ledger.releaseFromEscrow(token, listing(), buyer, 1_234n, 'purchase:1:deliver');
    const again = await ledger.releaseFromEscrow(token, listing(), buyer, 1_234n, 'purchase:1:deliver');
    expect(again.hash).toBe(released.hash);
    expect(await ledger.balanceOf(token, buyer.address)).toBe(1_234n);
    // 12.34 tokens: 123400000 stroops on the ledger, authorised, clawback enabled by the issuer's flag.
    expect(server.trustLine('HBD', issuer.address, buyer.address)).toEqual({
      balance: 123_400_000n,
      limit: 2n ** 63n - 1n,
      flags: AUTHORIZED | TRUSTLINE_CLAWBACK_ENABLED,
    });

    const direct = party();
    await ledger.transferFromTreasury(token, issuer, direct, 300n, 'purchase:2:deliver');
    expect(await ledger.balanceOf(token, direct.address)).toBe(300n);

    const closed = await ledger.closeEscrow(token, { ...listing(), escrowRef }, issuer, 'listing:1:close');
    expect(closed.hash).not.toBeNull();
    expect(await ledger.balanceOf(token, escrowRef)).toBe(0n);
    expect(await ledger.balanceOf(token, issuer.address)).toBe(100_000n - 1_234n - 300n);
    expect(
      (await ledger.closeEscrow(token, { ...listing(), escrowRef }, issuer, 'listing:1:close')).hash,
    ).toBe(closed.hash);
    expect(opTypes()).toEqual(
      new Set(['createAccount', 'setOptions', 'changeTrust', 'setTrustLineFlags', 'payment']),
    );
  });

  it('never issues past the supply the token records', async () => {
    const { issuer, token } = await deployed();
    await ledger.transferFromTreasury(token, issuer, party(), 99_000n, 'purchase:1:deliver');
    await expect(
      ledger.transferFromTreasury(token, issuer, party(), 1_001n, 'purchase:2:deliver'),
    ).rejects.toThrow(/exceed the supply of HBD/);
    expect(await ledger.balanceOf(token, issuer.address)).toBe(1_000n);
  });

  it('refuses to authorise an investor who is not verified: nothing reaches the ledger for them', async () => {
    const { issuer, token } = await deployed();
    await ledger.openEscrow(token, listing(), issuer, 'listing:1:open');
    const stranger = party(false);
    await expect(
      ledger.releaseFromEscrow(token, listing(), stranger, 1n, 'purchase:9:deliver'),
    ).rejects.toBeInstanceOf(SettlementError);
    expect(server.accounts.has(stranger.address)).toBe(false);
  });

  it('the ledger itself refuses an unauthorised holder (op_not_authorized): failed in a ledger, final', async () => {
    const { issuer } = await deployed();
    const outsider = Keypair.random();
    server.fund(outsider.publicKey(), 10n * XLM);
    const asset = new Asset('HBD', issuer.address);
    // The outsider opens a trust line on its own, but the issuer never authorised it.
    await node.send('outsider:trust', signer(outsider), [Operation.changeTrust({ asset })]);
    await expect(
      node.send('outsider:pay', await holders.signer(issuer.address), [
        Operation.payment({ destination: outsider.publicKey(), asset, amount: '1' }),
      ]),
    ).rejects.toMatchObject({ result: 'tx_failed: op_not_authorized' });
    expect(await node.sendRecord('outsider:pay')).toMatchObject({ status: 'failed' });
  });

  it('locks a holder (deauthorised: no payment in or out), claws tokens back, and unlocks', async () => {
    const { issuer, token } = await deployed();
    const buyer = party();
    await ledger.transferFromTreasury(token, issuer, buyer, 500n, 'purchase:1:deliver');
    await ledger.lockHolder(token, buyer.address, 'lock:1');
    expect(server.trustLine('HBD', issuer.address, buyer.address)!.flags & AUTHORIZED).toBe(0);
    // A delivery does not authorise a frozen holder again: the ledger refuses the payment.
    await expect(
      ledger.transferFromTreasury(token, issuer, buyer, 1n, 'purchase:2:deliver'),
    ).rejects.toBeInstanceOf(SettlementError);
    expect(await node.sendRecord('purchase:2:deliver')).toMatchObject({
      result: 'tx_failed: op_not_authorized',
    });
    expect(server.trustLine('HBD', issuer.address, buyer.address)!.flags & AUTHORIZED).toBe(0);
    // Nor can it send until the issuer unlocks it.
    await expect(
      node.send('buyer:send', await holders.signer(buyer.address), [
        Operation.payment({
          destination: issuer.address,
          asset: new Asset('HBD', issuer.address),
          amount: '1',
        }),
      ]),
    ).rejects.toMatchObject({ result: 'tx_failed: op_src_not_authorized' });

    await ledger.clawback(token, buyer.address, 200n, 'clawback:1');
    expect(await ledger.balanceOf(token, buyer.address)).toBe(300n);
    expect(await ledger.balanceOf(token, issuer.address)).toBe(100_000n - 300n);
    await ledger.unlockHolder(token, buyer.address, 'unlock:1');
    await ledger.transferFromTreasury(token, issuer, buyer, 1n, 'purchase:3:deliver');
    expect(await ledger.balanceOf(token, buyer.address)).toBe(301n);
    expect(opTypes()).toContain('clawback');
  });

  it('clawback needs the issuer flag when the trust line was opened: op_not_clawback_enabled otherwise', async () => {
    const plain = Keypair.random();
    const holder = Keypair.random();
    server.fund(plain.publicKey(), 10n * XLM);
    server.fund(holder.publicKey(), 10n * XLM);
    const asset = new Asset('OLD', plain.publicKey());
    await node.send('holder:trust', signer(holder), [Operation.changeTrust({ asset })]);
    await node.send('plain:pay', signer(plain), [
      Operation.payment({ destination: holder.publicKey(), asset, amount: '5' }),
    ]);
    await expect(
      node.send('plain:clawback', signer(plain), [
        Operation.clawback({ asset, from: holder.publicKey(), amount: '1' }),
      ]),
    ).rejects.toMatchObject({ result: 'tx_failed: op_not_clawback_enabled' });
  });

  it('re-signs a transaction lost before it landed once a ledger closed past its maxTime, and it lands once', async () => {
    const { issuer, token } = await deployed();
    const buyer = party();
    await ledger.transferFromTreasury(token, issuer, buyer, 1n, 'purchase:1:deliver');
    server.loseNext(1);
    const sending = ledger.transferFromTreasury(token, issuer, buyer, 10n, 'purchase:2:deliver');
    const lost = await journaled('purchase:2:deliver');
    await until(() => server.losing === 0);
    // Horizon timed out; once a ledger closes past the envelope's maxTime it can never apply.
    server.advance(121);
    const sent = await sending;
    expect(sent.hash).not.toBe(lost.hash);
    expect(server.holds(lost.hash)).toBe(false);
    expect(await ledger.balanceOf(token, buyer.address)).toBe(11n);
    expect(await node.sendRecord('purchase:2:deliver')).toMatchObject({
      hash: sent.hash,
      status: 'validated',
      result: 'tx_success',
    });
    // A re-run with the key answers from the journal: nothing moves twice.
    const resent = ledger.transferFromTreasury(token, issuer, buyer, 10n, 'purchase:2:deliver');
    expect((await resent).hash).toBe(sent.hash);
    expect(await ledger.balanceOf(token, buyer.address)).toBe(11n);
  });

  it('a second process re-running the key while Horizon has not answered submits the same envelope, which lands once', async () => {
    const { issuer, token } = await deployed();
    const buyer = party();
    await ledger.transferFromTreasury(token, issuer, buyer, 1n, 'purchase:1:deliver');
    server.loseNext(1);
    // The first run's envelope times out at Horizon (504); a second process re-runs the key meanwhile.
    const first = ledger.transferFromTreasury(token, issuer, buyer, 5n, 'purchase:2:deliver');
    const row = await journaled('purchase:2:deliver');
    const other = new StellarLedger(nodeOn(), holders);
    const second = await other.transferFromTreasury(token, issuer, buyer, 5n, 'purchase:2:deliver');
    expect(second.hash).toBe(row.hash);
    expect((await first).hash).toBe(row.hash);
    expect(await ledger.balanceOf(token, buyer.address)).toBe(6n);
  });

  it('two workers racing on one issuer account: every payment lands exactly once (tx_bad_seq re-signs)', async () => {
    const { issuer, token } = await deployed();
    const buyer = party();
    await ledger.transferFromTreasury(token, issuer, buyer, 1n, 'purchase:0:deliver');
    const other = new StellarLedger(nodeOn(), holders);
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        (n % 2 ? ledger : other).transferFromTreasury(token, issuer, buyer, 10n, `purchase:${n}:deliver`),
      ),
    );
    expect(await ledger.balanceOf(token, buyer.address)).toBe(61n);
    expect(server.refused).toContain('tx_bad_seq');
  });

  it('Horizon refuses an envelope past its maxTime (tx_too_late) and one whose sequence was spent (tx_bad_seq)', async () => {
    const source = Keypair.random();
    server.fund(source.publicKey(), 10n * XLM);
    const horizon = new Horizon.Server(server.url, { allowHttp: true });
    const envelope = async (maxTime: number) => {
      const built = new TransactionBuilder(await horizon.loadAccount(source.publicKey()), {
        fee: '100',
        networkPassphrase: Networks.TESTNET,
        timebounds: { minTime: 0, maxTime },
      })
        .addOperation(Operation.bumpSequence({ bumpTo: '0' }))
        .build();
      built.sign(source);
      return built;
    };
    const codes = (error: unknown) =>
      (error as { response: { data: { extras: { result_codes: unknown } } } }).response.data.extras
        .result_codes;
    const late = await envelope(Math.floor(Date.now() / 1000) - 10);
    await expect(horizon.submitTransaction(late).catch(codes)).resolves.toEqual({
      transaction: 'tx_too_late',
    });
    const stale = await envelope(0);
    server.accounts.get(source.publicKey())!.sequence += 1n;
    await expect(horizon.submitTransaction(stale).catch(codes)).resolves.toEqual({
      transaction: 'tx_bad_seq',
    });
  });

  it('a ledger refuses a trust line without its reserve (op_low_reserve) and lumens an account does not have (op_underfunded), and keeps the fee', async () => {
    const issuing = Keypair.random();
    const poor = Keypair.random();
    server.fund(issuing.publicKey(), 10n * XLM);
    // The minimum balance of an account without subentries (2 × 0.5 XLM) and 1000 stroops for fees.
    server.fund(poor.publicKey(), XLM + 1_000n);
    await expect(
      node.send('poor:trust', signer(poor), [
        Operation.changeTrust({ asset: new Asset('HBD', issuing.publicKey()) }),
      ]),
    ).rejects.toMatchObject({ result: 'tx_failed: op_low_reserve' });
    await expect(
      node.send('poor:pay', signer(poor), [
        Operation.payment({ destination: issuing.publicKey(), asset: Asset.native(), amount: '0.0001' }),
      ]),
    ).rejects.toMatchObject({ result: 'tx_failed: op_underfunded' });
    expect(server.accounts.get(poor.publicKey())).toMatchObject({ balance: XLM + 800n, subentries: 0 });
  });

  it('Horizon refuses a signature that is not the source account’s, or made for another network (tx_bad_auth)', async () => {
    const forger = Keypair.random();
    const victim = Keypair.random();
    server.fund(victim.publicKey(), 10n * XLM);
    const pay = [Operation.payment({ destination: forger.publicKey(), asset: Asset.native(), amount: '1' })];
    await expect(
      node.send('forged', { address: victim.publicKey(), sign: signer(forger).sign }, pay),
    ).rejects.toMatchObject({ result: 'tx_bad_auth' });
    await expect(nodeOn(Networks.PUBLIC).send('mainnet', signer(victim), pay)).rejects.toMatchObject({
      result: 'tx_bad_auth',
    });
  });
});
