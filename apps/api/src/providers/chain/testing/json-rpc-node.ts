import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Address } from 'viem';
import { createEdrNode } from '../edr-node.js';

/**
 * A standalone JSON-RPC node on 127.0.0.1 (an EDR chain served over HTTP, like `hardhat node`
 * or anvil), for testing the rpc adapter over the real wire protocol.
 */
export async function startJsonRpcNode(options: {
  chainId: number;
  genesisAccounts: Array<{ address: Address; balance: bigint }>;
}) {
  const node = await createEdrNode(options);
  let requests = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests += 1;
      // EDR wants `params` present; JSON-RPC 2.0 lets a client omit it.
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { params?: unknown };
      node.handle(JSON.stringify({ ...call, params: call.params ?? [] })).then(
        (answer) => response.writeHead(200, { 'content-type': 'application/json' }).end(answer),
        () => response.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
