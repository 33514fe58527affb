import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { getAddress, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import type { Sbt } from '@portal/shared/sbt';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { sbts } from '../../db/schema/index.js';
import { SoulBoundTokens } from '../chains/soul-bound-token.js';
import { cidOf } from '../../providers/ipfs/ipfs.js';
import { MasterKey } from '../../secrets/envelope.js';
import { createTestDatabase } from '../../test/test-database.js';
import {
  callApi,
  createAdmin,
  createTestApp,
  json,
  passKyc,
  register,
  TEST_PUBLIC_URL,
  TestClock,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (app: App, url: string, token: string) => callApi(app, 'GET', url, { token });
const post = (app: App, url: string, token: string, payload?: object) =>
  callApi(app, 'POST', url, { token }, payload);

async function investorWithDidAndVault(app: App) {
  const account = await register(app);
  expect((await post(app, '/api/did/start', account.token)).statusCode).toBe(200);
  expect((await post(app, '/api/vault/create', account.token)).statusCode).toBe(201);
  const { applicantId } = await passKyc(app, account);
  return { ...account, applicantId };
}

async function waitForMint(app: App, token: string, id: string): Promise<Sbt> {
  for (let i = 0; i < 200; i++) {
    const sbt = json<{ sbt: Sbt }>(await get(app, `/api/sbt/status/${id}`, token)).sbt;
    if (sbt.status === 'minted' || sbt.status === 'failed') return sbt;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the mint did not finish');
}

describe('SBT designs', () => {
  it('ships at least four designs, each published on IPFS', async () => {
    const account = await register(t.app);
    const body = json<{ images: Array<{ id: string; name: string; url: string; description: string }> }>(
      await get(t.app, '/api/sbt/images', account.token),
    );
    expect(body.images.length).toBeGreaterThanOrEqual(4);
    for (const image of body.images) {
      expect(image.url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/ipfs/bafkrei`));
      const served = await t.app.inject({ method: 'GET', url: new URL(image.url).pathname });
      expect(served.headers['content-type']).toContain('image/svg+xml');
      expect(await cidOf(served.rawPayload)).toBe(image.url.split('/').pop());
    }
  });
});

describe('creating an SBT', () => {
  it('needs a design, a DID, a vault and verified KYC, with clear errors', async () => {
    const account = await register(t.app);
    const none = await post(t.app, '/api/sbt/create', account.token, {});
    expect(json(none)).toMatchObject({ fields: { selectedImageId: messages.sbtSelectDesign } });
    const unknown = await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({ error: messages.sbtUnknownDesign });
    const noDid = await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'aurora' });
    expect(noDid.statusCode).toBe(409);
    expect(json(noDid)).toMatchObject({ error: messages.didRequired });
    await post(t.app, '/api/did/start', account.token);
    const noVault = await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'aurora' });
    expect(noVault.statusCode).toBe(409);
    expect(json(noVault)).toMatchObject({ error: messages.vaultRequired });
    await post(t.app, '/api/vault/create', account.token);
    const noKyc = await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'aurora' });
    expect(noKyc.statusCode).toBe(409);
    expect(json(noKyc)).toMatchObject({ code: 'CONFLICT', error: messages.sbtKycRequired });
    expect(await t.database.db.$count(sbts, eq(sbts.userId, account.user.id))).toBe(0);
    await passKyc(t.app, account);
    expect(
      (await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'aurora' })).statusCode,
    ).toBe(201);
  });

  it('creates one, pending mint; a second gets 409 with "only create one SBT"', async () => {
    const account = await investorWithDidAndVault(t.app);
    const created = await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'sentinel' });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toMatchObject({
      success: true,
      message: messages.sbtCreated,
      sbt: { imageId: 'sentinel', minted: false, status: 'created', txHash: null, vcUrl: null },
    });
    const second = await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'aurora' });
    expect(second.statusCode).toBe(409);
    expect(json<{ error: string }>(second).error).toContain('only create one SBT');
  });

  it('concurrent creates make exactly one SBT', async () => {
    const account = await investorWithDidAndVault(t.app);
    const responses = await Promise.all(
      ['aurora', 'prism', 'nebula', 'evergreen', 'sentinel'].map((selectedImageId) =>
        post(t.app, '/api/sbt/create', account.token, { selectedImageId }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await t.database.db.$count(sbts, eq(sbts.userId, account.user.id))).toBe(1);
  });
});

describe('minting', () => {
  it('mints to the vault ETH address with public metadata; the private credential verifies', async () => {
    const account = await investorWithDidAndVault(t.app);
    const { sbt } = json<{ sbt: Sbt }>(
      await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'prism' }),
    );
    const started = await post(t.app, '/api/sbt/mint', account.token, { sbtId: sbt.id });
    expect(started.statusCode).toBe(202);
    expect(json(started)).toMatchObject({
      message: messages.sbtMintStarted,
      sbt: { status: 'minting', minted: false },
    });

    const minted = await waitForMint(t.app, account.token, sbt.id);
    expect(minted).toMatchObject({ status: 'minted', minted: true, error: null });
    expect(minted.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(minted.explorerUrl).toBe(`${TEST_PUBLIC_URL}/explorer/tx/${minted.txHash}`);

    const tokens = new SoulBoundTokens(t.app.container.chain);
    const receipt = await t.app.container.chain.publicClient.getTransactionReceipt({
      hash: minted.txHash as Hash,
    });
    expect(receipt.status).toBe('success');
    const vault = json<{ wallets: Array<{ assetId: string; address: string }> }>(
      await get(t.app, '/api/vault/info', account.token),
    );
    const eth = vault.wallets.find((w) => w.assetId === 'ETH_TEST5')!.address;
    expect(minted.holderAddress).toBe(getAddress(eth));
    expect(await tokens.ownerOf(BigInt(minted.tokenId!))).toBe(getAddress(eth));
    expect(await tokens.locked(BigInt(minted.tokenId!))).toBe(true);
    // tokenURI: public ERC-721 metadata, no personal data, committing to the private credential.
    const tokenUri = await tokens.tokenURI(BigInt(minted.tokenId!));
    expect(tokenUri).toMatch(/^ipfs:\/\/bafkrei/);
    expect(tokenUri).not.toBe(`ipfs://${minted.vcCid}`);
    const metadata = await t.app.inject({ method: 'GET', url: `/ipfs/${tokenUri.slice('ipfs://'.length)}` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['access-control-allow-origin']).toBe('*');
    expect(metadata.body).not.toContain(account.email);
    expect(metadata.body).not.toContain('Lovelace');
    expect(metadata.body).not.toContain(getAddress(eth));
    const document = await t.app.inject({
      method: 'GET',
      url: new URL(minted.vcUrl!).pathname,
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(await cidOf(document.rawPayload)).toBe(minted.vcCid);
    expect(metadata.json()).toEqual({
      name: 'Investor Portal Soul Bound Token',
      description: expect.any(String),
      image: minted.imageUrl,
      attributes: [
        { trait_type: 'Design', value: 'Prism' },
        {
          trait_type: 'Credential commitment',
          value: `sha256:${createHash('sha256').update(document.rawPayload).digest('hex')}`,
        },
      ],
    });
    expect((await t.app.inject({ method: 'GET', url: new URL(minted.vcUrl!).pathname })).statusCode).toBe(
      404,
    );
    const credential = document.json<{ credentialSubject: Record<string, unknown>; issuer: string }>();
    expect(credential.credentialSubject).toMatchObject({
      email: account.email,
      full_name: 'Ada Lovelace',
      kycStatus: 'verified',
      wallets: { Ethereum: getAddress(eth) },
      soulBoundToken: { design: 'prism', holder: getAddress(eth) },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      payload: { credential },
    });
    expect(json(verified)).toMatchObject({ verified: true, trustedIssuer: true });

    const list = json<{ sbts: Sbt[] }>(await get(t.app, '/api/sbt/list', account.token));
    expect(list.sbts).toEqual([minted]);
  });

  it('asking to mint again never mints twice', async () => {
    const account = await investorWithDidAndVault(t.app);
    const { sbt } = json<{ sbt: Sbt }>(
      await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'aurora' }),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, '/api/sbt/mint', account.token, { sbtId: sbt.id })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(202));
    const minted = await waitForMint(t.app, account.token, sbt.id);
    const again = await post(t.app, '/api/sbt/mint', account.token, { sbtId: sbt.id });
    expect(json(again)).toMatchObject({ message: messages.sbtAlreadyMinted, sbt: { txHash: minted.txHash } });
    const tokens = new SoulBoundTokens(t.app.container.chain);
    expect(await tokens.tokenOf(getAddress(minted.holderAddress))).toBe(BigInt(minted.tokenId!));
  });

  it('a run that crashed after sending the mint finishes from the chain instead of minting again', async () => {
    const account = await investorWithDidAndVault(t.app);
    const { sbt } = json<{ sbt: Sbt }>(
      await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'evergreen' }),
    );
    // What the crashed run left behind: the token is on chain, the hash was never recorded.
    const tokens = new SoulBoundTokens(t.app.container.chain);
    const earlier = await tokens.mint(getAddress(sbt.holderAddress), 'ipfs://bafkreiearlierrun');
    await post(t.app, '/api/sbt/mint', account.token, { sbtId: sbt.id });
    const minted = await waitForMint(t.app, account.token, sbt.id);
    expect(minted).toMatchObject({
      status: 'minted',
      txHash: earlier.txHash,
      tokenId: earlier.tokenId.toString(),
    });
    expect(await tokens.tokenOf(getAddress(sbt.holderAddress))).toBe(earlier.tokenId);
  });

  it('reconcile finds each SBT minted once, and reports a token minted outside any SBT', async () => {
    const account = await investorWithDidAndVault(t.app);
    const { sbt } = json<{ sbt: Sbt }>(
      await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'nebula' }),
    );
    await post(t.app, '/api/sbt/mint', account.token, { sbtId: sbt.id });
    const minted = await waitForMint(t.app, account.token, sbt.id);
    const mine = (problems: string[], text: string) => problems.filter((p) => p.includes(text));
    expect(mine((await t.app.container.reconcile.run()).problems, sbt.id)).toEqual([]);
    const stray = getAddress(`0x${randomBytes(20).toString('hex')}`);
    await new SoulBoundTokens(t.app.container.chain).mint(stray, 'ipfs://bafkreistray');
    expect(mine((await t.app.container.reconcile.run()).problems, stray)).toEqual([
      expect.stringContaining('recorded by no SBT'),
    ]);
    expect(minted.status).toBe('minted');
  });

  it('a mint transaction the chain dropped is sent again, and the SBT completes', async () => {
    const account = await investorWithDidAndVault(t.app);
    const { sbt } = json<{ sbt: Sbt }>(
      await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'aurora' }),
    );
    // What a dropped (or underpriced and evicted) transaction leaves: a hash no node knows.
    const dropped = `0x${randomBytes(32).toString('hex')}`;
    await t.database.db.update(sbts).set({ txHash: dropped }).where(eq(sbts.id, sbt.id));
    await post(t.app, '/api/sbt/mint', account.token, { sbtId: sbt.id });
    const minted = await waitForMint(t.app, account.token, sbt.id);
    expect(minted).toMatchObject({ status: 'minted', minted: true });
    expect(minted.txHash).not.toBe(dropped);
    const tokens = new SoulBoundTokens(t.app.container.chain);
    expect(await tokens.tokenOf(getAddress(minted.holderAddress))).toBe(BigInt(minted.tokenId!));
  });

  it("another investor's SBT is not found", async () => {
    const owner = await investorWithDidAndVault(t.app);
    const other = await register(t.app);
    const { sbt } = json<{ sbt: Sbt }>(
      await post(t.app, '/api/sbt/create', owner.token, { selectedImageId: 'aurora' }),
    );
    expect((await post(t.app, '/api/sbt/mint', other.token, { sbtId: sbt.id })).statusCode).toBe(404);
    expect((await get(t.app, `/api/sbt/status/${sbt.id}`, other.token)).statusCode).toBe(404);
    expect(json<{ sbts: Sbt[] }>(await get(t.app, '/api/sbt/list', other.token)).sbts).toEqual([]);
    expect((await get(t.app, `/api/sbt/status/not-a-uuid`, owner.token)).statusCode).toBe(400);
  });
});

describe('revocation', () => {
  const reject = async (admin: { token: string }, applicantId: string, final: boolean) => {
    t.clock.advance(60_000);
    const response = await post(t.app, `/api/admin/kyc/${applicantId}/reject`, admin.token, {
      reason: 'Sanctions match',
      final,
    });
    expect(response.statusCode).toBe(200);
  };

  it('KYC turning RED revokes the credential and burns the token; a new approval allows a new SBT', async () => {
    const account = await investorWithDidAndVault(t.app);
    const { sbt } = json<{ sbt: Sbt }>(
      await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'sentinel' }),
    );
    await post(t.app, '/api/sbt/mint', account.token, { sbtId: sbt.id });
    const minted = await waitForMint(t.app, account.token, sbt.id);
    const credential = (
      await t.app.inject({
        method: 'GET',
        url: new URL(minted.vcUrl!).pathname,
        headers: { authorization: `Bearer ${account.token}` },
      })
    ).json<Record<string, unknown>>();
    const verify = async () =>
      json(await t.app.inject({ method: 'POST', url: '/api/credentials/verify', payload: { credential } }));
    expect(await verify()).toMatchObject({ verified: true, revoked: false });

    const admin = await createAdmin(t.app);
    await reject(admin, account.applicantId, false);
    expect(await verify()).toMatchObject({
      verified: false,
      revoked: true,
      errors: [messages.credentialRevoked],
    });
    let revoked: Sbt | undefined;
    for (let i = 0; i < 200 && revoked?.status !== 'revoked'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      revoked = json<{ sbt: Sbt }>(await get(t.app, `/api/sbt/status/${sbt.id}`, account.token)).sbt;
    }
    expect(revoked).toMatchObject({ status: 'revoked', minted: false });
    const tokens = new SoulBoundTokens(t.app.container.chain);
    const tokenId = BigInt(minted.tokenId!);
    await expect(tokens.ownerOf(tokenId)).rejects.toThrow(/ERC721NonexistentToken/);
    expect(await tokens.tokenOf(getAddress(minted.holderAddress))).toBe(0n);
    const [row] = await t.database.db.select().from(sbts).where(eq(sbts.id, sbt.id));
    const receipt = await t.app.container.chain.waitForReceipt(row!.revokeTxHash as Hash);
    expect(receipt.status).toBe('success');
    // Refused while not verified; a new approval brings a new token.
    const refused = await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'aurora' });
    expect(json(refused)).toMatchObject({ error: messages.sbtKycRequired });
    t.clock.advance(60_000);
    await passKyc(t.app, account);
    const again = await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'aurora' });
    expect(again.statusCode).toBe(201);
  });

  it('a burn sent by a run that crashed before recording it is found on chain; reconcile checks the hash', async () => {
    const account = await investorWithDidAndVault(t.app);
    const { sbt } = json<{ sbt: Sbt }>(
      await post(t.app, '/api/sbt/create', account.token, { selectedImageId: 'prism' }),
    );
    await post(t.app, '/api/sbt/mint', account.token, { sbtId: sbt.id });
    const minted = await waitForMint(t.app, account.token, sbt.id);
    // What the crashed run left behind: the token is burnt, its hash was never recorded.
    const tokens = new SoulBoundTokens(t.app.container.chain);
    const burn = await tokens.sendRevoke(BigInt(minted.tokenId!));
    await t.app.container.chain.waitForReceipt(burn);
    await reject(await createAdmin(t.app), account.applicantId, false);
    let revoked: Sbt | undefined;
    for (let i = 0; i < 200 && revoked?.status !== 'revoked'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      revoked = json<{ sbt: Sbt }>(await get(t.app, `/api/sbt/status/${sbt.id}`, account.token)).sbt;
    }
    const [row] = await t.database.db.select().from(sbts).where(eq(sbts.id, sbt.id));
    expect(row).toMatchObject({ status: 'revoked', revokeTxHash: burn });
    const mine = async () =>
      (await t.app.container.reconcile.run()).problems.filter((problem) => problem.includes(sbt.id));
    expect(await mine()).toEqual([]);
    await t.database.db.update(sbts).set({ revokeTxHash: minted.txHash }).where(eq(sbts.id, sbt.id));
    expect(await mine()).toEqual([expect.stringContaining(`burn recorded as ${minted.txHash}`)]);
  });
});

describe('after a restart', () => {
  it('the mint receipt, the owner and the tokenURI are still there', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-sbt-restart-'));
    const database = await createTestDatabase();
    const masterKey = new MasterKey(randomBytes(32));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    });
    const boot = async () => {
      const app = await buildApp(config, {
        database,
        masterKey,
        clock: new TestClock(),
        logger: pino({ level: 'silent' }),
      });
      await app.ready();
      return app;
    };
    try {
      const first = await boot();
      const account = await investorWithDidAndVault(first);
      const { sbt } = json<{ sbt: Sbt }>(
        await post(first, '/api/sbt/create', account.token, { selectedImageId: 'nebula' }),
      );
      await post(first, '/api/sbt/mint', account.token, { sbtId: sbt.id });
      const minted = await waitForMint(first, account.token, sbt.id);
      const receiptBefore = await first.container.chain.publicClient.getTransactionReceipt({
        hash: minted.txHash as Hash,
      });
      await first.close();

      const second = await boot();
      try {
        const chain = second.container.chain;
        const receipt = await chain.publicClient.getTransactionReceipt({ hash: minted.txHash as Hash });
        expect(receipt.blockHash).toBe(receiptBefore.blockHash);
        expect(receipt.status).toBe('success');
        const tokens = new SoulBoundTokens(chain);
        expect(await tokens.ownerOf(BigInt(minted.tokenId!))).toBe(getAddress(minted.holderAddress));
        expect(await tokens.tokenURI(BigInt(minted.tokenId!))).toMatch(/^ipfs:\/\/bafkrei/);
        const login = await second.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: account.email, password: account.password },
        });
        const list = json<{ sbts: Sbt[] }>(
          await get(second, '/api/sbt/list', json<{ token: string }>(login).token),
        );
        expect(list.sbts).toEqual([minted]);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
