import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminJob, AdminListing, AdminUser } from '@portal/shared/admin';
import { messages } from '@portal/shared/messages';
import type { IssuerListing } from '@portal/shared/issuer';
import type { MarketplaceListing } from '@portal/shared/marketplace';
import { adminAudit, jobs } from '../../db/schema/index.js';
import { deployedToken, issuerAccount, openListing, verifiedInvestor } from '../../test/market-fixtures.js';
import {
  bearer,
  callApi,
  createAdmin,
  createTestApp,
  json,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

/** The admin console's API: ADMIN only, each action audited with the admin and the request id. */
let t: TestApp;
let admin: Registered;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(admin.token), 'x-request-id': 'req-admin-0001' },
    ...(payload ? { payload } : {}),
  });
const auditOf = async (targetId: string) =>
  json<{ entries: AdminAuditEntry[] }>(await asAdmin('GET', '/api/admin/audit')).entries.filter(
    (entry) => entry.targetId === targetId,
  );

describe('the admin console API', () => {
  it('answers admins only: 401 without a session, 403 for an investor or an issuer', async () => {
    const investor = await register(t.app);
    const issuer = await register(t.app, { role: 'issuer' });
    const routes = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/jobs'],
      ['GET', '/api/admin/listings'],
      ['GET', '/api/admin/chain'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/outbox'],
      ['POST', `/api/admin/jobs/${crypto.randomUUID()}/retry`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      for (const who of [investor, issuer]) {
        expect((await callApi(t.app, method, url, who)).statusCode, url).toBe(403);
      }
      expect((await asAdmin(method, url)).statusCode, url).not.toBeGreaterThanOrEqual(500);
    }
  });

  it('lists users with their role, KYC state and vault, searchable by email', async () => {
    const investor = await verifiedInvestor(t.app);
    const fresh = await register(t.app);
    const users = json<{ users: AdminUser[] }>(await asAdmin('GET', '/api/admin/users?limit=200')).users;
    expect(users.find((user) => user.id === investor.user.id)).toMatchObject({
      email: investor.email,
      role: 'INVESTOR',
      kycStatus: 'verified',
      vaultStatus: 'active',
      walletCount: 5,
      deactivated: false,
    });
    expect(users.find((user) => user.id === fresh.user.id)).toMatchObject({
      kycStatus: 'not_started',
      vaultStatus: 'none',
      walletCount: 0,
    });
    const found = json<{ users: AdminUser[] }>(
      await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(fresh.email.toUpperCase())}`),
    ).users;
    expect(found.map((user) => user.id)).toEqual([fresh.user.id]);
    // A wildcard is a character to find, not a pattern.
    expect(json<{ users: AdminUser[] }>(await asAdmin('GET', '/api/admin/users?q=%25')).users).toEqual([]);
  });

  it('retries a failed job once, audited; anything else is refused and changes nothing', async () => {
    await t.app.container.jobs.stop();
    const [failed] = await t.app.container.database.db
      .insert(jobs)
      .values({
        queue: 'test.never-registered',
        payload: {},
        status: 'failed',
        attempts: 5,
        runAt: new Date(),
        lastError: 'node unreachable',
      })
      .returning();
    const listed = json<{ counts: Record<string, number>; jobs: AdminJob[] }>(
      await asAdmin('GET', '/api/admin/jobs?status=failed'),
    );
    expect(listed.counts.failed).toBeGreaterThanOrEqual(1);
    expect(listed.jobs.find((job) => job.id === failed!.id)).toMatchObject({
      status: 'failed',
      lastError: 'node unreachable',
      attempts: 5,
    });

    const retried = await asAdmin('POST', `/api/admin/jobs/${failed!.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(json<{ job: AdminJob }>(retried).job).toMatchObject({ status: 'queued', attempts: 0 });
    const again = await asAdmin('POST', `/api/admin/jobs/${failed!.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ error: messages.adminJobNotFailed });
    const unknown = await asAdmin('POST', `/api/admin/jobs/${crypto.randomUUID()}/retry`);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ error: messages.adminJobNotFound });
    const malformed = await asAdmin('POST', '/api/admin/jobs/not-a-uuid/retry');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toMatchObject({ error: messages.adminJobNotFound });

    expect(await auditOf(failed!.id)).toEqual([
      expect.objectContaining({
        action: 'job.retry',
        adminEmail: admin.email,
        targetType: 'job',
        detail: { queue: 'test.never-registered', lastError: 'node unreachable' },
      }),
    ]);
  });

  it('suspends a listing: gone from the marketplace and closed to purchases until lifted', async () => {
    const issuer = await issuerAccount(t.app);
    const token = await deployedToken(t.app, issuer.user.id, {
      name: 'Suspended Token',
      symbol: 'SUSP',
      decimals: 18,
      totalSupply: 100n * 10n ** 18n,
    });
    const listing = await openListing(t.app, token, { tokenAmount: 10n * 10n ** 18n, priceWei: 10n ** 15n });
    const issuerListing = async () =>
      json<{ listings: IssuerListing[] }>(
        await callApi(t.app, 'GET', '/api/issuer/listings', issuer),
      ).listings.find((l) => l.id === listing.id);
    const buyer = await verifiedInvestor(t.app);
    const onMarket = async () =>
      json<{ data: { listings: MarketplaceListing[] } }>(
        await callApi(t.app, 'GET', '/api/escrow/marketplace?limit=100&search=SUSP', buyer),
      ).data.listings.some((l) => l.escrowId === listing.id);
    const buy = () =>
      callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, buyer, {
        amount: '1',
        investorDid: buyer.did,
        investorWallet: buyer.eth,
      });
    expect(await onMarket()).toBe(true);

    const missing = await asAdmin('POST', `/api/admin/listings/${listing.id}/suspension`, {});
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ fields: { suspended: messages.adminSuspendedRequired } });

    const suspended = await asAdmin('POST', `/api/admin/listings/${listing.id}/suspension`, {
      suspended: true,
      reason: 'Prospectus under review',
    });
    // Amounts in whole tokens, never the 18-decimal base units.
    expect(json<{ listing: AdminListing }>(suspended).listing).toMatchObject({
      id: listing.id,
      suspended: true,
      suspensionReason: 'Prospectus under review',
      tokenSymbol: 'SUSP',
      issuerEmail: issuer.email,
      tokenAmount: '10',
      reserved: '0',
      sold: '0',
    });
    expect(await onMarket()).toBe(false);
    const refused = await buy();
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ error: messages.purchaseListingUnavailable });
    // Its issuer sees the suspension and its reason, and cannot cancel the listing meanwhile.
    expect(await issuerListing()).toMatchObject({
      status: 'DEPLOYED',
      suspended: true,
      suspensionReason: 'Prospectus under review',
    });
    const cancel = await callApi(t.app, 'POST', `/api/issuer/listings/${listing.id}/cancel`, issuer);
    expect(cancel.statusCode).toBe(409);
    expect(json(cancel)).toMatchObject({ error: messages.issuerListingSuspended });

    await asAdmin('POST', `/api/admin/listings/${listing.id}/suspension`, { suspended: false });
    expect(await issuerListing()).toMatchObject({ suspended: false, suspensionReason: null });
    expect(await onMarket()).toBe(true);
    expect((await buy()).statusCode).toBe(202);
    expect((await auditOf(listing.id)).map((entry) => [entry.action, entry.detail])).toEqual([
      ['listing.resume', {}],
      ['listing.suspend', { reason: 'Prospectus under review' }],
    ]);
    const unknown = await asAdmin('POST', `/api/admin/listings/${crypto.randomUUID()}/suspension`, {
      suspended: true,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('shows the chain: height, platform balance, the embedded journal and the Solana fee payer', async () => {
    const status = json<Record<string, Record<string, unknown>>>(await asAdmin('GET', '/api/admin/chain'));
    expect(status.evm).toMatchObject({
      kind: 'embedded',
      chainId: t.app.container.chain.chain.id,
      platformAddress: t.app.container.chain.platformAddress,
      unsentTransactions: 0,
    });
    expect(BigInt(status.evm!.height as string)).toBeGreaterThan(0n);
    expect(BigInt(status.evm!.platformBalanceWei as string)).toBeGreaterThan(0n);
    expect(status.evm!.journalEntries).toBeGreaterThan(0);
    expect(status.solana).toMatchObject({ kind: 'embedded', feePayer: t.app.container.solana.feePayer });
  });

  it('keeps the request id of each action in the audit log', async () => {
    const rows = await t.app.container.database.db.select().from(adminAudit);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((row) => row.requestId))).toEqual(new Set(['req-admin-0001']));
  });
});

describe('POST /api/admin/users/:userId/revoke-identity', () => {
  it('answers 404 for a user who does not exist, and audits nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await callApi(t.app, 'POST', `/api/admin/users/${unknown}/revoke-identity`, admin, {
      reason: 'no such user',
    });
    expect(response.statusCode).toBe(404);
    expect(json(response).error).toBe(messages.notFound);
    const entries = json<{ entries: AdminAuditEntry[] }>(
      await callApi(t.app, 'GET', '/api/admin/audit', admin),
    );
    expect(entries.entries.map((e) => e.targetId)).not.toContain(unknown);
  });
});
