import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Wallet, decodeAccountID, type Transaction } from 'xrpl';
import { at, readDocumented, shapeMismatches } from '../../../test/documented-shape.js';
import { mptIssuanceId } from '../xrpl.js';
import { XrplTestServer } from './xrpl-test-server.js';

/**
 * The test node's answers against the examples of xrpl.org's reference pages (documented/): a
 * field the adapter or xrpl.js reads must be there with the documented JSON type. The ignored
 * paths are documented fields neither reads, each with why.
 */

const documented = (name: string) => readDocumented(new URL(`./documented/${name}.json`, import.meta.url));

/** Fields of a full rippled about the node itself, not the ledger. */
const NODE_ONLY = 'describes the node, not the ledger; neither the adapter nor xrpl.js reads it';
/** Fields of the example's own transaction type (OfferCreate, an IOU Payment), not of every transaction. */
const OTHER_TYPE = "a field of the example's transaction type, absent from other types";
const UNREAD = 'the adapter never reads it';

const ignored: Record<string, Record<string, string>> = {
  server_info: Object.fromEntries(
    [
      'hostid',
      'initial_sync_duration_us',
      'io_latency_ms',
      'jq_trans_overflow',
      'last_close',
      'peer_disconnects',
      'peer_disconnects_resources',
      'peers',
      'ports',
      'pubkey_node',
      'server_state_duration_us',
      'state_accounting',
      'time',
      'uptime',
      'validation_quorum',
    ].map((field) => [`result.info.${field}`, NODE_ONLY]),
  ),
  account_info: {
    'result.account_data.PreviousTxnID': UNREAD,
    'result.account_data.PreviousTxnLgrSeq': UNREAD,
    'result.account_data.RegularKey': 'present only on an account that set a regular key',
    'result.account_data.index': UNREAD,
    'result.ledger_hash': UNREAD,
    'result.status': 'the example is the commandline form; over WebSocket the status is top-level',
  },
  tx: {
    id: 'echoes the request id as it was sent (the example sent a string)',
    'result.tx_json.OfferSequence': OTHER_TYPE,
    'result.tx_json.TakerGets': OTHER_TYPE,
    'result.tx_json.TakerPays': OTHER_TYPE,
    'result.tx_json.ledger_index': UNREAD,
    'result.tx_json.ctid': UNREAD,
    'result.tx_json.date': UNREAD,
    'result.meta.AffectedNodes': 'the adapter reads only meta.TransactionResult',
    'result.ledger_hash': UNREAD,
    'result.close_time_iso': UNREAD,
    'result.ctid': UNREAD,
  },
  submit: {
    'result.account_sequence_available': UNREAD,
    'result.account_sequence_next': UNREAD,
    'result.applied': 'the adapter reads only engine_result',
    'result.broadcast': 'the adapter reads only engine_result',
    'result.engine_result_code': 'the adapter reads only engine_result',
    'result.kept': 'the adapter reads only engine_result',
    'result.open_ledger_cost': 'the fee comes from server_info',
    'result.queued': 'the adapter reads only engine_result',
    'result.tx_json.DeliverMax': OTHER_TYPE,
    'result.tx_json.Destination': OTHER_TYPE,
    'result.validated_ledger_index': 'the validated ledger comes from server_info',
  },
  'ledger_entry-mpt_issuance': {
    TransferFee: 'rippled leaves it out at its default 0, and the adapter never reads it',
  },
  'ledger_entry-mptoken': {},
};

describe('XrplTestServer answers in the shapes of the documented responses', () => {
  let server: XrplTestServer;
  let socket: WebSocket;
  let nextId = 1;
  const issuer = Wallet.generate();
  const holder = Wallet.generate();
  const answers: Record<string, unknown> = {};

  /** One request over the raw WebSocket: the answer exactly as the node wrote it. */
  const request = (fields: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = nextId++;
      const listener = (data: Buffer) => {
        const message = JSON.parse(String(data)) as Record<string, unknown>;
        if (message.id !== id) return;
        socket.off('message', listener);
        resolve(message);
      };
      socket.on('message', listener);
      socket.send(JSON.stringify({ id, ...fields }));
    });

  const submit = async (wallet: Wallet, fields: Record<string, unknown>) => {
    const account = (await request({ command: 'account_info', account: wallet.classicAddress })) as {
      result: { account_data: { Sequence: number }; ledger_index: number };
    };
    const signed = wallet.sign({
      ...fields,
      Account: wallet.classicAddress,
      Sequence: account.result.account_data.Sequence,
      Fee: '12',
      LastLedgerSequence: account.result.ledger_index + 20,
    } as Transaction);
    return { answer: await request({ command: 'submit', tx_blob: signed.tx_blob }), hash: signed.hash };
  };

  beforeAll(async () => {
    server = await XrplTestServer.start();
    server.fund(issuer.classicAddress, 100_000_000n);
    server.fund(holder.classicAddress, 100_000_000n);
    socket = new WebSocket(server.url);
    await new Promise((resolve) => socket.once('open', resolve));

    const sequence = server.accounts.get(issuer.classicAddress)!.sequence;
    const created = await submit(issuer, {
      TransactionType: 'MPTokenIssuanceCreate',
      AssetScale: 2,
      MaximumAmount: '100000000',
      // XLS-89 metadata, so xrpl.js signs without its warning.
      MPTokenMetadata: Buffer.from(
        JSON.stringify({
          t: 'TBILL',
          n: 'T-Bill',
          i: 'https://example.org/i.png',
          ac: 'other',
          in: 'Example',
        }),
      )
        .toString('hex')
        .toUpperCase(),
      Flags: 0x02 | 0x04 | 0x40,
    });
    const issuanceId = mptIssuanceId(sequence, decodeAccountID(issuer.classicAddress));
    await submit(holder, { TransactionType: 'MPTokenAuthorize', MPTokenIssuanceID: issuanceId });
    await submit(issuer, {
      TransactionType: 'MPTokenAuthorize',
      MPTokenIssuanceID: issuanceId,
      Holder: holder.classicAddress,
    });
    await submit(issuer, {
      TransactionType: 'Payment',
      Destination: holder.classicAddress,
      Amount: { mpt_issuance_id: issuanceId, value: '100' },
    });

    answers.server_info = await request({ command: 'server_info' });
    answers.account_info = await request({
      command: 'account_info',
      account: issuer.classicAddress,
      ledger_index: 'validated',
    });
    answers.submit = created.answer;
    answers.tx = await request({ command: 'tx', transaction: created.hash });
    answers['ledger_entry-mpt_issuance'] = await request({
      command: 'ledger_entry',
      mpt_issuance: issuanceId,
      ledger_index: 'validated',
    });
    answers['ledger_entry-mptoken'] = await request({
      command: 'ledger_entry',
      mptoken: { mpt_issuance_id: issuanceId, account: holder.classicAddress },
      ledger_index: 'validated',
    });
  });

  afterAll(async () => {
    socket?.close();
    await server?.close();
  });

  it.each(Object.keys(ignored))('%s', (name) => {
    const example = documented(name);
    const answer = answers[name] as { status?: string };
    expect(answer.status, JSON.stringify(answer)).toBe('success');
    // A page that shows only the entry is held against where the method answers it.
    expect(shapeMismatches(example.response, at(answer, example.at), ignored[name])).toEqual([]);
  });

  it('names the field when the answer drops or retypes one', () => {
    const example = documented('server_info');
    const answer = structuredClone(answers.server_info) as {
      result: { info: { validated_ledger: Record<string, unknown> } };
    };
    delete answer.result.info.validated_ledger.seq;
    answer.result.info.validated_ledger.base_fee_xrp = '0.00001';
    expect(shapeMismatches(example.response, answer, ignored.server_info)).toEqual([
      'result.info.validated_ledger.base_fee_xrp: documented number, answered string',
      'result.info.validated_ledger.seq: missing (documented number)',
    ]);
  });
});
