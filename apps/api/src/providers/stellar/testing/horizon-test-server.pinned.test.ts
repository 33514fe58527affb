import { Account, Asset, Keypair, Networks, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, readDocumented, shapeMismatches } from '../../../test/documented-shape.js';
import { HorizonTestServer } from './horizon-test-server.js';

/**
 * The test Horizon's answers against the examples of developers.stellar.org's Horizon reference
 * (documented/): a field the adapter or the Stellar SDK reads must be there with the documented
 * JSON type. The ignored paths are documented fields neither reads, each with why.
 */

const documented = (name: string) => readDocumented(new URL(`./documented/${name}.json`, import.meta.url));

const UNREAD = 'neither the adapter nor the SDK reads it';
/** The documented examples disagree on these (a number in one, a string in the other). */
const FEE = 'the documented examples type it both as a number and as a string; nothing here reads it';

const ignored: Record<string, Record<string, string>> = {
  account: {},
  transaction: {
    fee_charged: FEE,
    max_fee: FEE,
    result_meta_xdr: UNREAD,
    fee_meta_xdr: UNREAD,
    'signatures[]': UNREAD,
  },
  ledger: {},
  assets: {},
  submit: {
    memo: 'present only on a transaction with a text memo (ours carry a hash memo)',
    memo_bytes: 'present only on a transaction with a text memo (ours carry a hash memo)',
    fee_meta_xdr: UNREAD,
    'signatures[]': UNREAD,
  },
  transaction_failed: {},
};

describe('HorizonTestServer answers in the shapes of the documented responses', () => {
  let server: HorizonTestServer;
  const issuer = Keypair.random();
  const holder = Keypair.random();
  const asset = new Asset('PIN', issuer.publicKey());
  const answers: Record<string, { status: number; body: unknown }> = {};

  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const post = async (keys: Keypair, operation: ReturnType<typeof Operation.payment>, fee = '100') => {
    const { body } = await get(`/accounts/${keys.publicKey()}`);
    const transaction = new TransactionBuilder(
      new Account(keys.publicKey(), (body as { sequence: string }).sequence),
      { fee, networkPassphrase: Networks.TESTNET },
    )
      .addOperation(operation)
      .setTimeout(60)
      .build();
    transaction.sign(keys);
    const response = await fetch(`${server.url}/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tx: transaction.toXDR() }).toString(),
    });
    return {
      status: response.status,
      body: (await response.json()) as unknown,
      hash: transaction.hash().toString('hex'),
    };
  };

  beforeAll(async () => {
    server = await HorizonTestServer.start();
    server.fund(issuer.publicKey(), 100_000_000n);
    server.fund(holder.publicKey(), 100_000_000n);
    await post(holder, Operation.changeTrust({ asset }));
    const paid = await post(
      issuer,
      Operation.payment({ destination: holder.publicKey(), asset, amount: '3' }),
    );
    answers.submit = paid;
    answers.account = await get(`/accounts/${holder.publicKey()}`);
    answers.transaction = await get(`/transactions/${paid.hash}`);
    answers.ledger = await get('/ledgers?order=desc&limit=1');
    answers.assets = await get(`/assets?asset_code=PIN&asset_issuer=${issuer.publicKey()}`);
    // A fee under the base fee: Horizon's transaction_failed with a transaction-level code.
    answers.transaction_failed = await post(
      holder,
      Operation.payment({ destination: issuer.publicKey(), asset, amount: '1' }),
      '1',
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each(Object.keys(ignored))('%s', (name) => {
    const example = documented(name);
    const answer = answers[name]!;
    expect(answer.status, JSON.stringify(answer.body)).toBe(name === 'transaction_failed' ? 400 : 200);
    // A page that shows one record is held against where the collection embeds it.
    expect(shapeMismatches(example.response, at(answer.body, example.at), ignored[name])).toEqual([]);
  });

  it('names the field when the answer drops or retypes one', () => {
    const example = documented('account');
    const answer = structuredClone(answers.account!.body) as {
      subentry_count?: unknown;
      balances: Record<string, unknown>[];
    };
    delete answer.subentry_count;
    for (const line of answer.balances) line.balance = Number(line.balance);
    expect(shapeMismatches(example.response, answer, ignored.account)).toEqual([
      'subentry_count: missing (documented number)',
      'balances[].balance: documented string, answered number',
    ]);
  });
});
