import { createWalletClient, custom, encodeFunctionData, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soulBoundTokenAbi } from '@portal/contracts/soul-bound-token';
import { SoulBoundTokens } from '../../providers/chain/soul-bound-token.js';
import { startJsonRpcNode } from '../../providers/chain/testing/json-rpc-node.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('embedded chain explorer', () => {
  let t: TestApp;
  let holder: Address;
  let mintHash: `0x${string}`;

  const page = (url: string) => t.app.inject({ method: 'GET', url });
  /** The page text with its layout whitespace taken out. */
  const squash = (body: string) =>
    body.replace(/\s+/g, ' ').replace(/> /g, '>').replace(/ </g, '<').replace(/ >/g, '>');
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    t = await createTestApp();
    holder = privateKeyToAccount(generatePrivateKey()).address;
    await t.app.container.chain.fund(holder);
    ({ txHash: mintHash } = await new SoulBoundTokens(t.app.container.chain).mint(
      holder,
      'ipfs://bafkrei<script>alert(1)</script>',
    ));
  });
  afterAll(() => t.close());

  it('resolves the links the chain port hands out', async () => {
    const { chain } = t.app.container;
    expect(chain.explorerTxUrl(mintHash)).toBe(`http://portal.test/explorer/tx/${mintHash}`);
    const response = await page(pathOf(chain.explorerTxUrl(mintHash)));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await page(pathOf(chain.explorerAddressUrl(holder)))).statusCode).toBe(200);
  });

  it('shows a transaction with its status, parties, gas and decoded events', async () => {
    const { chain } = t.app.container;
    const body = squash((await page(`/explorer/tx/${mintHash}`)).body);
    const receipt = await chain.waitForReceipt(mintHash);
    expect(body).toContain('Success');
    expect(body).toContain(`<td>${receipt.blockNumber}</td>`);
    expect(body).toContain(chain.platformAddress);
    expect(body).toContain('(soulBoundToken)');
    expect(body).toContain(`${receipt.gasUsed} / `);
    expect(body).toMatch(
      /<strong>Transfer<\/strong>\(from:<code>0x0{40}<\/code>, to:<code>0x[0-9a-fA-F]{40}<\/code>, tokenId:<code>1<\/code>\)/,
    );
    expect(body).toContain('<strong>Locked</strong>(tokenId:<code>1</code>)');
  });

  it('shows a reverted transaction as reverted', async () => {
    const { chain } = t.app.container;
    const sender = privateKeyToAccount(generatePrivateKey());
    await chain.fund(sender.address, parseEther('1'));
    const wallet = createWalletClient({
      account: sender,
      chain: chain.chain,
      transport: custom(chain.provider),
    });
    const data = encodeFunctionData({
      abi: soulBoundTokenAbi,
      functionName: 'transferFrom',
      args: [holder, sender.address, 1n],
    });
    const request = await wallet.prepareTransactionRequest({
      to: chain.contractAddress('soulBoundToken'),
      data,
      gas: 100_000n,
    });
    const hash = await chain.sendRawTransaction(await wallet.signTransaction(request));
    const body = squash((await page(`/explorer/tx/${hash}`)).body);
    expect(body).toContain('<td class="bad">Reverted</td>');
  });

  it('shows an address: balance, its soul-bound token (escaped) and its transactions', async () => {
    const body = squash((await page(`/explorer/address/${holder.toLowerCase()}`)).body);
    expect(body).toContain(holder); // checksummed
    expect(body).toContain('0.1 ETH');
    expect(body).toContain(
      '#1 ·<a class="mono" href="/ipfs/bafkrei%3Cscript%3Ealert(1)%3C%2Fscript%3E">ipfs://bafkrei&lt;script&gt;alert(1)&lt;/script&gt;</a>',
    );
    expect(body).not.toContain('<script');
    expect(body).toContain('None (externally owned account)');
    const contract = (
      await page(`/explorer/address/${t.app.container.chain.contractAddress('soulBoundToken')}`)
    ).body;
    expect(contract).toContain('<h1>Contract soulBoundToken</h1>');
    expect(contract).toContain(mintHash);
  });

  it('lists the latest transactions on its home page', async () => {
    const response = await page('/explorer');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Chain 31337</h1>');
    expect(response.body).toContain(mintHash);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toContain('<script');
  });

  it('answers errors as pages: 404 for an unknown transaction, 400 for malformed input', async () => {
    const unknown = await page(`/explorer/tx/0x${'0'.repeat(64)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('<h1>Transaction not found</h1>');
    const badHash = await page('/explorer/tx/0x1234');
    expect(badHash.statusCode).toBe(400);
    expect(badHash.body).toContain('<h1>Not a transaction hash</h1>');
    const badAddress = await page('/explorer/address/%3Cscript%3E');
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.body).toContain('<h1>Not an address</h1>');
    expect(badAddress.body).not.toContain('<script');
  });
});

describe('explorer with CHAIN=rpc', () => {
  it('is not served: links go to the configured public explorer', async () => {
    const key = generatePrivateKey();
    const node = await startJsonRpcNode({
      chainId: 31337,
      genesisAccounts: [{ address: privateKeyToAccount(key).address, balance: parseEther('10') }],
    });
    const t = await createTestApp({
      env: { CHAIN: 'rpc', CHAIN_RPC_URL: node.url, PLATFORM_PRIVATE_KEY: key },
    });
    try {
      const { chain } = t.app.container;
      expect(chain.kind).toBe('rpc');
      const hash = `0x${'ab'.repeat(32)}` as const;
      expect(chain.explorerTxUrl(hash)).toBe(`https://sepolia.etherscan.io/tx/${hash}`);
      const response = await t.app.inject({ method: 'GET', url: `/explorer/tx/${hash}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(t.logs.join('')).not.toContain(key.slice(2));
    } finally {
      await t.close();
      await node.close();
    }
  });
});
