import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { parseEther, recoverTransactionAddress, type TransactionSerializable } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTODY_ASSET_IDS } from '@portal/shared/vault';
import { CustodyError, type CustodyPort } from './custody.js';
import { FireblocksCustody } from './custody.fireblocks.js';
import { FireblocksWebhookVerifier } from './fireblocks-webhook.js';
import { startFakeFireblocks, type FakeFireblocks } from './testing/fake-fireblocks.js';

let fake: FakeFireblocks;
let custody: FireblocksCustody;

const adapter = (overrides: Partial<ConstructorParameters<typeof FireblocksCustody>[0]> = {}) =>
  new FireblocksCustody({
    apiKey: fake.apiKey,
    secretKey: fake.secretKey,
    baseUrl: fake.baseUrl,
    assets: CUSTODY_ASSET_IDS,
    signing: { pollIntervalMs: 5, timeoutMs: 5_000 },
    ...overrides,
  });

const transfer: TransactionSerializable = {
  type: 'eip1559',
  chainId: 11155111,
  nonce: 0,
  to: '0x000000000000000000000000000000000000dEaD',
  value: parseEther('0.01'),
  gas: 21_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
};

beforeAll(async () => {
  fake = await startFakeFireblocks({ pageSize: 2 });
  custody = adapter();
});
afterAll(() => fake.close());

describe('Fireblocks custody adapter against a local Fireblocks', () => {
  it('creates a vault account with its five wallets, authenticated the way Fireblocks checks', async () => {
    const ref = randomUUID();
    const vault = await custody.createVault({
      customerRefId: ref,
      name: 'Investor vault test',
      autoFuel: true,
    });

    expect(vault.wallets.map((w) => w.assetId)).toEqual([...CUSTODY_ASSET_IDS]);
    expect(vault.wallets.find((w) => w.assetId === 'ETH_TEST5')?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(vault.wallets.find((w) => w.assetId === 'BTC_TEST')?.address).toMatch(/^tb1q/);
    const stored = fake.vaults.find((v) => v.id === vault.id)!;
    expect(stored).toMatchObject({ customerRefId: ref, autoFuel: true, hiddenOnUI: true });

    const create = fake.requests.find((r) => r.method === 'POST' && r.url === '/v1/vault/accounts')!;
    expect(create.idempotencyKey).toBe(`portal-vault-${ref}`);
    expect(create.claims).toMatchObject({ uri: '/v1/vault/accounts', sub: fake.apiKey });
    expect(Object.keys(create.claims).sort()).toEqual(['bodyHash', 'exp', 'iat', 'nonce', 'sub', 'uri']);
    // Every request was accepted only after the fake checked key, signature, uri, nonce and body hash.
    expect(new Set(fake.requests.map((r) => r.claims.nonce)).size).toBe(fake.requests.length);
  });

  it('returns the same vault when a create is retried, also after a half-finished attempt', async () => {
    const ref = randomUUID();
    const before = fake.vaults.length;
    fake.failNext('POST', `/v1/vault/accounts/${before}/SOL_TEST`, 500);
    await expect(custody.createVault({ customerRefId: ref, name: 'Retry', autoFuel: false })).rejects.toThrow(
      CustodyError,
    );
    const retried = await custody.createVault({ customerRefId: ref, name: 'Retry', autoFuel: false });
    const again = await custody.createVault({ customerRefId: ref, name: 'Retry', autoFuel: false });

    expect(fake.vaults.length).toBe(before + 1);
    expect(retried.id).toBe(String(before));
    expect(again).toEqual(retried);
    expect(retried.wallets).toHaveLength(5);
  });

  it('reads a vault and its deposit addresses, and knows when a vault does not exist', async () => {
    const created = await custody.createVault({ customerRefId: randomUUID(), name: 'Read', autoFuel: false });
    expect(await custody.getVault(created.id)).toEqual(created);
    expect(await custody.getVault('999999')).toBeUndefined();
  });

  it('counts every vault account by paging through paging.after', async () => {
    const pagesBefore = fake.requests.filter((r) => r.url.startsWith('/v1/vault/accounts_paged')).length;
    const count = await custody.countVaults();
    expect(count).toBe(fake.vaults.length);
    const pages = fake.requests
      .filter((r) => r.url.startsWith('/v1/vault/accounts_paged'))
      .slice(pagesBefore);
    expect(pages.length).toBe(Math.ceil(fake.vaults.length / 2));
    expect(pages[1]?.url).toContain('after=2');
  });

  it('signs an EVM transaction through a RAW signing transaction, recoverable to the vault address', async () => {
    const vault = await custody.createVault({ customerRefId: randomUUID(), name: 'Signer', autoFuel: false });
    const signed = await custody.signEvmTransaction(vault.id, transfer);
    const signer = await recoverTransactionAddress({ serializedTransaction: signed as never });
    expect(signer).toBe(vault.wallets.find((w) => w.assetId === 'ETH_TEST5')!.address);
    const raw = fake.requests.find((r) => r.method === 'POST' && r.url === '/v1/transactions');
    expect(raw?.idempotencyKey).toMatch(/^portal-sign-/);
  });

  it('signs a Solana message with the vault SOL key (EdDSA RAW signing), only for its own address', async () => {
    const vault = await custody.createVault({ customerRefId: randomUUID(), name: 'Sol', autoFuel: false });
    const address = vault.wallets.find((w) => w.assetId === 'SOL_TEST')!.address;
    const message = randomBytes(300);
    const signature = await custody.signEd25519(vault.id, { address, message });
    expect(ed25519.verify(signature, message, base58.decode(address))).toBe(true);
    const other = await custody.createVault({ customerRefId: randomUUID(), name: 'Other', autoFuel: false });
    await expect(custody.signEd25519(other.id, { address, message })).rejects.toThrow(/does not control/);
    fake.state.signing = 'wrong-key';
    await expect(custody.signEd25519(vault.id, { address, message: randomBytes(10) })).rejects.toThrow(
      /no valid ed25519 signature/,
    );
    fake.state.signing = 'sign';
  });

  it('refuses to sign Stellar transactions the portal builds, saying so (as for the XRP Ledger)', async () => {
    const port: CustodyPort = custody;
    await expect(
      port.signStellarTransaction('0', { address: 'G', networkPassphrase: 'n', envelopeXdr: '' }),
    ).rejects.toThrow('Fireblocks custody does not sign Stellar transactions built by the portal');
  });

  it('refuses a rejected signing and a signature from another key', async () => {
    const vault = await custody.createVault({
      customerRefId: randomUUID(),
      name: 'Refused',
      autoFuel: false,
    });
    fake.state.signing = 'reject';
    await expect(custody.signEvmTransaction(vault.id, { ...transfer, nonce: 1 })).rejects.toThrow(/REJECTED/);
    fake.state.signing = 'wrong-key';
    await expect(custody.signEvmTransaction(vault.id, { ...transfer, nonce: 2 })).rejects.toThrow(
      /not the vault's address/,
    );
    fake.state.signing = 'sign';
  });

  it('reports authentication failures without leaking credentials', async () => {
    const wrongKey = adapter({ apiKey: randomUUID() });
    const error = await wrongKey.countVaults().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CustodyError);
    expect((error as CustodyError).status).toBe(401);

    const { privateKey: otherSecret } = await import('node:crypto').then(({ generateKeyPairSync }) =>
      generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      }),
    );
    const forged = await adapter({ secretKey: otherSecret })
      .countVaults()
      .catch((e: unknown) => e);
    expect((forged as CustodyError).status).toBe(401);
    expect((forged as CustodyError).message).toMatch(/signature verification failed/);
    expect(JSON.stringify({ ...(forged as object), message: (forged as Error).message })).not.toMatch(
      /Bearer|PRIVATE KEY|x-api-key/i,
    );
  });
});

describe('Fireblocks webhook signature (detached JWS, RS512, JWKS)', () => {
  const body = JSON.stringify({ id: randomUUID(), eventType: 'transaction.created', data: { id: 'tx' } });
  let verifier: FireblocksWebhookVerifier;
  beforeAll(() => {
    verifier = new FireblocksWebhookVerifier(fake.jwksUrl);
  });

  it('accepts the exact body it was signed over', async () => {
    expect(await verifier.verify(Buffer.from(body), await fake.signWebhook(body))).toBe(true);
  });

  it('rejects a tampered or re-serialized body', async () => {
    const header = await fake.signWebhook(body);
    expect(await verifier.verify(Buffer.from(body.replace('created', 'updated')), header)).toBe(false);
    const reserialized = JSON.stringify(JSON.parse(body), null, 1);
    expect(await verifier.verify(Buffer.from(reserialized), header)).toBe(false);
  });

  it('rejects a missing header, an attached payload, an unknown kid and a foreign key', async () => {
    const header = await fake.signWebhook(body);
    const [h, , s] = header.split('.');
    expect(await verifier.verify(Buffer.from(body), undefined)).toBe(false);
    expect(
      await verifier.verify(Buffer.from(body), `${h}.${Buffer.from(body).toString('base64url')}.${s}`),
    ).toBe(false);
    expect(
      await verifier.verify(Buffer.from(body), await fake.signWebhook(body, { kid: 'rotated-away' })),
    ).toBe(false);
    expect(await verifier.verify(Buffer.from(body), await fake.signWebhook(body, { key: 'other' }))).toBe(
      false,
    );
  });

  it('pins RS512: HS512 keyed with the public key and alg none are refused', async () => {
    const b64 = (value: string) => Buffer.from(value).toString('base64url');
    const hsHeader = b64(JSON.stringify({ alg: 'HS512', kid: 'fake-webhook-key-1' }));
    const hsSig = createHmac('sha512', fake.webhookPublicKeyPem)
      .update(`${hsHeader}.${b64(body)}`)
      .digest('base64url');
    expect(await verifier.verify(Buffer.from(body), `${hsHeader}..${hsSig}`)).toBe(false);
    const none = b64(JSON.stringify({ alg: 'none' }));
    expect(await verifier.verify(Buffer.from(body), `${none}..`)).toBe(false);
  });

  it('caches the JWKS: an unknown kid refetches at most once per cooldown', async () => {
    const fresh = new FireblocksWebhookVerifier(fake.jwksUrl);
    const before = fake.state.jwksFetches;
    for (let i = 0; i < 5; i++) {
      await fresh.verify(Buffer.from(body), await fake.signWebhook(body));
      await fresh.verify(Buffer.from(body), await fake.signWebhook(body, { kid: `unknown-${i}` }));
    }
    expect(fake.state.jwksFetches - before).toBe(1);
  });

  it('throws (so the caller answers 5xx and Fireblocks retries) when the JWKS is unreachable', async () => {
    const offline = new FireblocksWebhookVerifier('http://127.0.0.1:1/.well-known/jwks.json');
    await expect(offline.verify(Buffer.from(body), await fake.signWebhook(body))).rejects.toThrow();
  });
});
