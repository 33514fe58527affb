import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import {
  address,
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  lamports,
} from '@solana/kit';

/** Blocks a blockhash stays valid for, as on a real cluster. */
const BLOCKHASH_WINDOW = 150;

type Params = unknown[];

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** JSON with bigints as plain JSON numbers, the way a Solana node writes u64s. */
const toJson = (value: unknown) =>
  JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `__u64__${v}` : v)).replace(
    /"__u64__(\d+)"/g,
    '$1',
  );

/**
 * A Solana JSON-RPC node for tests: the methods the rpc adapter uses, over HTTP with the real
 * request and response shapes, executing real transactions on litesvm. Like a cluster, it keeps a
 * block height, accepts any blockhash of the last 150 blocks, refuses doomed transactions in
 * preflight, and can be told to lose sends or fail at the HTTP level.
 */
export async function startFakeSolanaRpc() {
  // The fake checks blockhash age itself (a window, as a cluster does); litesvm knows only the latest.
  const svm = new LiteSVM().withBlockhashCheck(false);
  const issued = new Map<string, number>([[svm.latestBlockhash(), 0]]);
  const landed = new Map<string, { slot: number; err: unknown }>();
  const state = {
    height: 0,
    /** Sends to accept and then lose, as a congested cluster may. */
    dropSends: 0,
    /** Sends to answer with HTTP 503 before reading them. */
    failSends: 0,
    calls: new Map<string, number>(),
  };

  const newBlock = () => {
    state.height += 1;
    svm.expireBlockhash();
    issued.set(svm.latestBlockhash(), state.height);
  };
  const context = () => ({ context: { slot: state.height, apiVersion: '2.2.0' } });
  const blockhashValid = (blockhash: string) => {
    const at = issued.get(blockhash);
    return at !== undefined && state.height <= at + BLOCKHASH_WINDOW;
  };

  const methods: Record<string, (params: Params) => unknown> = {
    getLatestBlockhash: () => ({
      ...context(),
      value: {
        blockhash: svm.latestBlockhash(),
        lastValidBlockHeight: issued.get(svm.latestBlockhash())! + BLOCKHASH_WINDOW,
      },
    }),
    isBlockhashValid: ([blockhash]) => ({ ...context(), value: blockhashValid(blockhash as string) }),
    getBlockHeight: () => state.height,
    getMinimumBalanceForRentExemption: ([size]) => svm.minimumBalanceForRentExemption(BigInt(size as number)),
    getBalance: ([account]) => ({ ...context(), value: svm.getBalance(address(account as string)) ?? 0n }),
    getAccountInfo: ([account]) => {
      const found = svm.getAccount(address(account as string));
      if (!found.exists) return { ...context(), value: null };
      return {
        ...context(),
        value: {
          data: [getBase64Decoder().decode(found.data), 'base64'],
          executable: found.executable,
          lamports: found.lamports,
          owner: found.programAddress,
          rentEpoch: 0,
          space: found.data.length,
        },
      };
    },
    requestAirdrop: ([to, amount]) => {
      const result = svm.airdrop(address(to as string), lamports(BigInt(amount as number)));
      if (!result || result instanceof FailedTransactionMetadata)
        throw new RpcFailure(-32603, 'airdrop failed');
      newBlock();
      return getBase58Decoder().decode(result.signature());
    },
    getSignatureStatuses: ([signatures]) => ({
      ...context(),
      value: (signatures as string[]).map((signature) => {
        const found = landed.get(signature);
        if (!found) return null;
        return {
          slot: found.slot,
          confirmations: null,
          err: found.err,
          status: found.err === null ? { Ok: null } : { Err: found.err },
          confirmationStatus: 'confirmed',
        };
      }),
    }),
    sendTransaction: ([wire, config]) => {
      if ((config as { encoding?: string } | undefined)?.encoding !== 'base64') {
        throw new RpcFailure(-32602, 'this node accepts base64 transactions only');
      }
      const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire as string));
      const signature = getSignatureFromTransaction(transaction);
      const preflight = (err: unknown, message: string) =>
        new RpcFailure(-32002, `Transaction simulation failed: ${message}`, {
          err,
          logs: [],
          accounts: null,
          unitsConsumed: 0,
          returnData: null,
        });
      if (landed.has(signature))
        throw preflight('AlreadyProcessed', 'This transaction has already been processed');
      const { lifetimeToken } = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
      if (!blockhashValid(lifetimeToken)) throw preflight('BlockhashNotFound', 'Blockhash not found');
      const simulated = svm.simulateTransaction(transaction);
      if (simulated instanceof FailedTransactionMetadata) {
        throw preflight(
          { InstructionError: [0, 'Custom'] },
          `Error processing instruction: ${simulated.toString()}`,
        );
      }
      if (state.dropSends > 0) {
        state.dropSends -= 1;
        return signature;
      }
      const result = svm.sendTransaction(transaction);
      newBlock();
      landed.set(signature, {
        slot: state.height,
        err:
          result instanceof FailedTransactionMetadata ? { InstructionError: [0, result.toString()] } : null,
      });
      return signature;
    },
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id: unknown;
        method: string;
        params?: Params;
      };
      if (call.method === 'sendTransaction' && state.failSends > 0) {
        state.failSends -= 1;
        response.writeHead(503).end('Service Unavailable');
        return;
      }
      state.calls.set(call.method, (state.calls.get(call.method) ?? 0) + 1);
      let body: unknown;
      try {
        const method = methods[call.method];
        if (!method) throw new RpcFailure(-32601, 'Method not found');
        body = { jsonrpc: '2.0', id: call.id, result: method(call.params ?? []) };
      } catch (error) {
        const failure = error instanceof RpcFailure ? error : new RpcFailure(-32603, String(error));
        body = {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: failure.code, message: failure.message, data: failure.data },
        };
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(toJson(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /**
     * Writes an account as if earlier transactions had made it (a mint of the classic SPL Token
     * program, from before new mints were Token-2022).
     */
    setAccount(account: { address: string; owner: string; data: Uint8Array }) {
      svm.setAccount({
        address: address(account.address),
        programAddress: address(account.owner),
        data: account.data,
        executable: false,
        lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(account.data.length))),
        space: BigInt(account.data.length),
      });
    },
    /** Moves the cluster on by `blocks` blocks (old blockhashes expire after 150). */
    advance(blocks: number) {
      for (let i = 0; i < blocks; i++) newBlock();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSolanaRpc = Awaited<ReturnType<typeof startFakeSolanaRpc>>;
