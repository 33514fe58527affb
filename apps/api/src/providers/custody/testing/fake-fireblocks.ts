import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { CompactSign, exportJWK, importPKCS8, importSPKI, jwtVerify, type JWTPayload } from 'jose';
import { sign } from 'viem/accounts';
import type { CustodyAssetId } from '@portal/shared/vault';
import { deriveWallets, signWithSolanaKey, withEvmPrivateKey } from '../hd-wallet.js';

/**
 * A local Fireblocks for tests, speaking the subset of its REST API the adapter uses, with the same
 * authentication: every /v1 request must carry X-API-Key and an RS256 JWT whose claims bind it to
 * this exact URI and body (uri, nonce, iat, exp, sub, bodyHash). Vault keys are real: addresses
 * come from a random seed and RAW signing produces real secp256k1 signatures (a 32-byte digest) or,
 * for SOL_TEST, real ed25519 signatures over the message bytes.
 * It also serves a webhook JWKS and signs webhook bodies the way Fireblocks v2 does.
 */

interface FakeVault {
  id: string;
  name: string;
  customerRefId?: string;
  autoFuel: boolean;
  hiddenOnUI: boolean;
  assets: Map<string, string>;
}

interface FakeTransaction {
  id: string;
  vaultId: string;
  assetId: string;
  content: string;
  polls: number;
}

export interface SeenRequest {
  method: string;
  url: string;
  claims: JWTPayload;
  idempotencyKey: string | undefined;
}

export type SigningBehaviour = 'sign' | 'reject' | 'wrong-key';

const rsaKeyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export async function startFakeFireblocks(options: { pageSize?: number } = {}) {
  const apiUser = rsaKeyPair();
  const webhookKey = rsaKeyPair();
  const apiKey = randomUUID();
  const seed = randomBytes(64);
  const apiPublicKey = await importSPKI(apiUser.publicKey, 'RS256');
  const webhookKid = 'fake-webhook-key-1';

  const vaults: FakeVault[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const seenNonces = new Set<string>();
  const requests: SeenRequest[] = [];
  const failures: Array<{ method: string; path: string; status: number; body: unknown }> = [];
  const state = { signing: 'sign' as SigningBehaviour, jwksFetches: 0 };

  const app = Fastify();
  // The exact bytes, for bodyHash. The SDK sends a JSON content type with empty bodies too.
  const rawBodies = new WeakMap<FastifyRequest, string>();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    try {
      done(null, body ? JSON.parse(body as string) : undefined);
    } catch (error) {
      done(error as Error);
    }
  });
  const rawBody = (request: FastifyRequest) => rawBodies.get(request) ?? '';

  const deny = (reply: FastifyReply, message: string) => reply.code(401).send({ message, code: -7 });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    if (request.headers['x-api-key'] !== apiKey) return deny(reply, 'Unauthorized: invalid API key');
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return deny(reply, 'Unauthorized: missing JWT');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, apiPublicKey, {
        algorithms: ['RS256'],
        subject: apiKey,
      }));
    } catch (error) {
      return deny(reply, `Unauthorized: ${(error as Error).message}`);
    }
    const now = Math.floor(Date.now() / 1000);
    const problems = [
      claims.uri !== request.url && `uri ${String(claims.uri)} is not ${request.url}`,
      (typeof claims.nonce !== 'string' || seenNonces.has(claims.nonce)) && 'nonce missing or reused',
      (typeof claims.iat !== 'number' || Math.abs(claims.iat - now) > 60) && 'iat out of range',
      (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp - (claims.iat ?? 0) > 60) &&
        'exp out of range',
      claims.bodyHash !== sha256Hex(rawBody(request)) && 'bodyHash does not match the body',
    ].filter(Boolean);
    if (problems.length) return deny(reply, `Unauthorized: ${problems.join('; ')}`);
    seenNonces.add(claims.nonce as string);
    requests.push({
      method: request.method,
      url: request.url,
      claims,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    });
    const path = request.url.split('?')[0]!;
    const failure = failures.findIndex((f) => f.method === request.method && path.startsWith(f.path));
    if (failure >= 0) {
      const [injected] = failures.splice(failure, 1);
      return reply.code(injected!.status).send(injected!.body);
    }
    const key = request.headers['idempotency-key'];
    const replay = typeof key === 'string' ? idempotent.get(`${path}|${key}`) : undefined;
    if (replay) return reply.code(replay.status).send(replay.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string' && reply.statusCode < 300) {
      const path = request.url.split('?')[0]!;
      if (!idempotent.has(`${path}|${key}`)) {
        idempotent.set(`${path}|${key}`, { status: reply.statusCode, body: JSON.parse(payload as string) });
      }
    }
    return payload;
  });

  const findVault = (id: string) => vaults.find((vault) => vault.id === id);
  const notFound = (reply: FastifyReply) =>
    reply.code(404).send({ message: 'Vault account not found', code: 11001 });
  const accountJson = (vault: FakeVault) => ({
    id: vault.id,
    name: vault.name,
    hiddenOnUI: vault.hiddenOnUI,
    customerRefId: vault.customerRefId,
    autoFuel: vault.autoFuel,
    assets: [...vault.assets.keys()].map((id) => ({
      id,
      total: '0',
      balance: '0',
      available: '0',
      pending: '0',
    })),
  });
  const addressOf = (vault: FakeVault, assetId: string) =>
    deriveWallets(seed, Number(vault.id), [assetId as CustodyAssetId])[0]!.address;

  app.post('/v1/vault/accounts', async (request) => {
    const body = request.body as {
      name: string;
      hiddenOnUI?: boolean;
      customerRefId?: string;
      autoFuel?: boolean;
    };
    const vault: FakeVault = {
      id: String(vaults.length),
      name: body.name,
      customerRefId: body.customerRefId,
      autoFuel: !!body.autoFuel,
      hiddenOnUI: !!body.hiddenOnUI,
      assets: new Map(),
    };
    vaults.push(vault);
    return accountJson(vault);
  });

  app.get('/v1/vault/accounts_paged', async (request) => {
    const query = request.query as { limit?: string; after?: string };
    const limit = Math.min(Number(query.limit ?? 200), options.pageSize ?? 500);
    const start = query.after ? Number(query.after) : 0;
    const page = vaults.slice(start, start + limit);
    const next = start + limit < vaults.length ? String(start + limit) : undefined;
    return { accounts: page.map(accountJson), paging: next ? { after: next } : {} };
  });

  app.get('/v1/vault/accounts/:id', async (request, reply) => {
    const vault = findVault((request.params as { id: string }).id);
    return vault ? accountJson(vault) : notFound(reply);
  });

  app.post('/v1/vault/accounts/:id/:assetId', async (request, reply) => {
    const { id, assetId } = request.params as { id: string; assetId: string };
    const vault = findVault(id);
    if (!vault) return notFound(reply);
    if (vault.assets.has(assetId)) {
      return reply.code(400).send({ message: 'Asset wallet already exists', code: 1026 });
    }
    const address = addressOf(vault, assetId);
    vault.assets.set(assetId, address);
    return { id: `${id}-${assetId}`, address, legacyAddress: '', tag: '' };
  });

  app.get('/v1/vault/accounts/:id/:assetId/addresses_paginated', async (request, reply) => {
    const { id, assetId } = request.params as { id: string; assetId: string };
    const address = findVault(id)?.assets.get(assetId);
    if (!address) return reply.code(404).send({ message: 'Asset wallet not found', code: 11006 });
    return { addresses: [{ assetId, address, type: 'Permanent', tag: '', userDefined: false }], paging: {} };
  });

  app.post('/v1/transactions', async (request, reply) => {
    const body = request.body as {
      operation?: string;
      assetId?: string;
      source?: { type?: string; id?: string };
      extraParameters?: { rawMessageData?: { messages?: Array<{ content?: string }> } };
    };
    const content = body.extraParameters?.rawMessageData?.messages?.[0]?.content;
    const vault = body.source?.type === 'VAULT_ACCOUNT' ? findVault(body.source.id ?? '') : undefined;
    const shape = body.assetId === 'SOL_TEST' ? /^([0-9a-f]{2}){1,1232}$/i : /^[0-9a-f]{64}$/i;
    if (body.operation !== 'RAW' || !content || !shape.test(content) || !vault || !body.assetId) {
      return reply.code(400).send({ message: 'Invalid RAW signing request', code: 1427 });
    }
    const tx: FakeTransaction = {
      id: randomUUID(),
      vaultId: vault.id,
      assetId: body.assetId,
      content,
      polls: 0,
    };
    transactions.set(tx.id, tx);
    return { id: tx.id, status: 'SUBMITTED' };
  });

  app.get('/v1/transactions/:txId', async (request, reply) => {
    const tx = transactions.get((request.params as { txId: string }).txId);
    if (!tx) return reply.code(404).send({ message: 'Transaction not found', code: 1404 });
    tx.polls += 1;
    const base = {
      id: tx.id,
      assetId: tx.assetId,
      operation: 'RAW',
      source: { type: 'VAULT_ACCOUNT', id: tx.vaultId },
    };
    if (tx.polls < 2) return { ...base, status: 'PENDING_SIGNATURE', subStatus: '' };
    if (state.signing === 'reject') return { ...base, status: 'REJECTED', subStatus: 'REJECTED_BY_USER' };
    // 'wrong-key' signs with the next vault's key, which the adapter must catch.
    const account = Number(tx.vaultId) + (state.signing === 'wrong-key' ? 1 : 0);
    if (tx.assetId === 'SOL_TEST') {
      const [wallet] = deriveWallets(seed, account, ['SOL_TEST']);
      const fullSig = signWithSolanaKey(seed, account, wallet!.address, Buffer.from(tx.content, 'hex'))!;
      return {
        ...base,
        status: 'COMPLETED',
        signedMessages: [
          {
            content: tx.content,
            algorithm: 'MPC_EDDSA_ED25519',
            derivationPath: [44, 501, account, 0],
            signature: { fullSig: Buffer.from(fullSig).toString('hex') },
            publicKey: '',
          },
        ],
      };
    }
    const signature = await withEvmPrivateKey(seed, account, (privateKey) =>
      sign({ hash: `0x${tx.content}`, privateKey }),
    );
    return {
      ...base,
      status: 'COMPLETED',
      signedMessages: [
        {
          content: tx.content,
          algorithm: 'MPC_ECDSA_SECP256K1',
          derivationPath: [44, 60, account, 0, 0],
          signature: {
            fullSig: signature.r.slice(2) + signature.s.slice(2),
            r: signature.r.slice(2),
            s: signature.s.slice(2),
            v: signature.yParity,
          },
          publicKey: '',
        },
      ],
    };
  });

  const webhookJwk = {
    ...(await exportJWK(await importSPKI(webhookKey.publicKey, 'RS512'))),
    kid: webhookKid,
    alg: 'RS512',
    use: 'sig',
  };
  app.get('/.well-known/jwks.json', async () => {
    state.jwksFetches += 1;
    return { keys: [webhookJwk] };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;

  return {
    baseUrl: `${origin}/v1`,
    jwksUrl: `${origin}/.well-known/jwks.json`,
    apiKey,
    /** The API user's private key (PEM), as FIREBLOCKS_SECRET_KEY holds it. */
    secretKey: apiUser.privateKey,
    requests,
    vaults,
    state,
    /** The next request matching method and path prefix gets this answer instead. */
    failNext(
      method: string,
      path: string,
      status: number,
      body: unknown = { message: 'Internal error', code: -1 },
    ) {
      failures.push({ method, path, status, body });
    },
    /** The Fireblocks-Webhook-Signature header for a body: a detached RS512 JWS. */
    async signWebhook(body: string, options: { kid?: string; key?: 'webhook' | 'other' } = {}) {
      const pem = options.key === 'other' ? rsaKeyPair().privateKey : webhookKey.privateKey;
      const jws = await new CompactSign(new TextEncoder().encode(body))
        .setProtectedHeader({ alg: 'RS512', kid: options.kid ?? webhookKid })
        .sign(await importPKCS8(pem, 'RS512'));
      const [header, , signature] = jws.split('.');
      return `${header}..${signature}`;
    },
    webhookPublicKeyPem: webhookKey.publicKey,
    close: () => app.close(),
  };
}

export type FakeFireblocks = Awaited<ReturnType<typeof startFakeFireblocks>>;
