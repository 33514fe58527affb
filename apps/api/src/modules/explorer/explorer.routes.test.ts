import { createWalletClient, custom, encodeFunctionData, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soulBoundTokenAbi } from '@portal/contracts/soul-bound-token';
import { SoulBoundTokens } from '../chains/soul-bound-token.js';
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

describe('embedded Solana explorer', () => {
  let t: TestApp;
  let mint: string;
  let transfer: string;
  let escrow: string;

  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const squash = (body: string) =>
    body.replace(/\s+/g, ' ').replace(/> /g, '>').replace(/ </g, '<').replace(/ >/g, '>');

  beforeAll(async () => {
    t = await createTestApp();
    const { solana } = t.app.container;
    const platform = { kind: 'platform' } as const;
    ({ mint } = await solana.createMint({ key: 'explorer:mint', decimals: 2, mintAuthority: platform }));
    escrow = await solana.escrowOwner('explorer-listing');
    // Accounts of a new (Token-2022) mint are born frozen: thawed as the API would.
    for (const owner of [solana.feePayer, escrow])
      await solana.thaw({ key: `explorer:thaw:${owner}`, mint, owner });
    await solana.mintTo({
      key: 'explorer:supply',
      mint,
      owner: solana.feePayer,
      amount: 50_000n,
      mintAuthority: platform,
    });
    ({ signature: transfer } = await solana.transfer({
      key: 'explorer:deposit',
      mint,
      from: platform,
      toOwner: escrow,
      amount: 1_250n,
    }));
  });
  afterAll(() => t.close());

  it('resolves the links the Solana port hands out, as HTML pages', async () => {
    const { solana } = t.app.container;
    for (const url of [solana.explorerTxUrl(transfer), solana.explorerAddressUrl(mint)]) {
      const response = await page(new URL(url).pathname);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).not.toContain('<script');
    }
  });

  it('shows a transaction with its status, signers and decoded instructions', async () => {
    const { solana } = t.app.container;
    const body = squash((await page(`/explorer/solana/tx/${transfer}`)).body);
    expect(body).toContain('<span class="ok">Success</span>');
    expect(body).toContain(`<a class="mono" href="/explorer/solana/address/${solana.feePayer}">`);
    expect(body).toMatch(/<th>Compute units<\/th><td>\d+<\/td>/);
    expect(body).toContain('<strong>Memo</strong>');
    expect(body).toContain('memo:<code>explorer:deposit</code>');
    expect(body).toContain('<strong>CreateAssociatedTokenIdempotent</strong>');
    expect(body).toContain('<strong>TransferChecked</strong>');
    expect(body).toContain('(Token-2022)');
    expect(body).toContain('amount:<code>1250</code>');
    expect(body).toContain('decimals:<code>2</code>');
    expect(body).toContain(`owner:<a class="mono" href="/explorer/solana/address/${escrow}">`);
  });

  it('shows a mint: supply, decimals, authority, holders and its transactions', async () => {
    const { solana } = t.app.container;
    const body = squash((await page(`/explorer/solana/address/${mint}`)).body);
    expect(body).toContain('<h1>Token mint</h1>');
    expect(body).toContain('<th>Supply</th><td>500</td>');
    expect(body).toContain('<th>Decimals</th><td>2</td>');
    expect(body).toContain(
      `<th>Mint authority</th><td><a class="mono" href="/explorer/solana/address/${solana.feePayer}">`,
    );
    expect(body).toContain(
      `<th>Permanent delegate</th><td><a class="mono" href="/explorer/solana/address/${solana.feePayer}">`,
    );
    expect(body).toContain('<th>New accounts</th><td>Frozen until the freeze authority thaws them</td>');
    expect(body).toContain('InitializeDefaultAccountState');
    expect(body).toContain('<h1>Holders</h1>');
    expect(body).toContain('<td>12.5</td>'); // the escrow's token account
    expect(body).toContain('<td>487.5</td>');
    expect(body).toContain(transfer);
    expect(body).toContain('InitializeMint2');
  });

  it("shows a wallet's token accounts and a token account's mint, owner and balance", async () => {
    const { solana } = t.app.container;
    const wallet = squash((await page(`/explorer/solana/address/${escrow}`)).body);
    expect(wallet).toContain('<h1>Address</h1>'); // the escrow owner holds no lamports itself
    expect(wallet).toContain('<h1>Token accounts</h1>');
    expect(wallet).toContain(transfer);
    const ata = await solana.tokenAccount(mint, escrow);
    const token = squash((await page(`/explorer/solana/address/${ata}`)).body);
    expect(token).toContain('<h1>Token account</h1>');
    expect(token).toContain('<th>Token balance</th><td>12.5</td>');
    expect(token).toContain(
      `<th>Token owner</th><td><a class="mono" href="/explorer/solana/address/${escrow}">`,
    );
    expect(token).toContain('<th>State</th><td>Initialized</td>');
  });

  it('lists the latest transactions on its home page', async () => {
    const body = squash((await page('/explorer/solana')).body);
    expect(body).toContain('<h1>Latest transactions</h1>');
    expect(body).toContain(transfer);
    expect(body).toContain('InitializeMint2');
  });

  it('answers errors as pages: 404 for an unknown signature, 400 for malformed input', async () => {
    const unknown = await page(`/explorer/solana/tx/${'1'.repeat(64)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('<h1>Transaction not found</h1>');
    expect(unknown.body).toContain('href="/explorer/solana"');
    expect((await page('/explorer/solana/tx/0x1234')).statusCode).toBe(400);
    // Base58 of an address's length that does not decode to 32 bytes.
    const notAddress = await page(`/explorer/solana/address/${'z'.repeat(44)}`);
    expect(notAddress.statusCode).toBe(400);
    expect(notAddress.body).toContain('<h1>Not an address</h1>');
    expect((await page('/explorer/solana/address/%3Cscript%3E')).body).not.toContain('<script');
  });
});
