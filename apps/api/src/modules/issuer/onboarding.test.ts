import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminUser } from '@portal/shared/admin';
import type { IssuerApplication, IssuerReviewItem } from '@portal/shared/issuer';
import type { KybApplication } from '@portal/shared/kyb';
import { messages } from '@portal/shared/messages';
import {
  bearer,
  callApi,
  createAdmin,
  createTestApp,
  json,
  passKyc,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

/** Issuer onboarding through HTTP (ADR 55): apply, be approved, then issue; roles granted and taken back. */
let t: TestApp;
let admin: Registered;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const as = (who: { token: string }, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
const applicationOf = async (who: { token: string }) =>
  json<{ application: IssuerApplication }>(await as(who, 'GET', '/api/issuer/application')).application;
const queued = async (userId: string) =>
  json<{ applications: IssuerReviewItem[] }>(
    await as(admin, 'GET', '/api/admin/issuers?limit=200'),
  ).applications.find((item) => item.userId === userId);
const auditOf = async (targetId: string) =>
  json<{ entries: AdminAuditEntry[] }>(await as(admin, 'GET', '/api/admin/audit?limit=200'))
    .entries.filter((entry) => entry.targetId === targetId)
    .map((entry) => [entry.action, entry.detail]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), randomBytes(256)]);
const uploadDocument = (who: { token: string }) =>
  as(who, 'POST', '/api/kyb/documents', {
    fileName: 'incorporation.pdf',
    contentType: 'application/pdf',
    data: PDF.toString('base64'),
  });
const token = {
  name: 'Harbour Bond',
  symbol: 'HRB',
  tokenType: 'ERC20',
  assetCategory: 'Debt',
  decimals: 0,
  totalSupply: '1000',
};
const createToken = (who: { token: string }) => as(who, 'POST', '/api/issuer/tokens', token);

async function issuerWithVault(body: Record<string, string> = {}): Promise<Registered> {
  const issuer = await register(t.app, { role: 'issuer', name: 'Ines Issuer', ...body });
  expect((await callApi(t.app, 'POST', '/api/vault/create', issuer)).statusCode).toBe(201);
  return issuer;
}

describe('issuer onboarding', () => {
  it('a self-registered issuer signs in to the console but deploys and lists nothing until approved', async () => {
    const issuer = await issuerWithVault({ organisationName: 'Harbour Capital' });
    expect(issuer.user.role).toBe('ISSUER');
    expect(await applicationOf(issuer)).toMatchObject({
      status: 'pending',
      organisationName: 'Harbour Capital',
      missing: ['businessDocuments', 'identityVerified'],
      kycStatus: 'not_started',
      kybStatus: 'not_submitted',
      businessDocuments: 0,
    });
    expect((await callApi(t.app, 'GET', '/api/issuer/tokens', issuer)).statusCode).toBe(200);
    const vault = json<{ vault: { name: string } }>(await callApi(t.app, 'GET', '/api/vault/info', issuer));
    expect(vault.vault.name).toBe(`Issuer vault ${issuer.user.id.slice(0, 8)}`);

    const deploy = await createToken(issuer);
    expect(deploy.statusCode).toBe(403);
    expect(json(deploy)).toMatchObject({ error: messages.issuerNotApproved });
    const list = await as(issuer, 'POST', '/api/issuer/listings', {
      tokenId: crypto.randomUUID(),
      tokenAmount: '1',
      priceETH: '0.01',
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(list.statusCode).toBe(403);
    expect(json(list)).toMatchObject({ error: messages.issuerNotApproved });
    expect(
      json<{ tokens: unknown[] }>(await callApi(t.app, 'GET', '/api/issuer/tokens', issuer)).tokens,
    ).toEqual([]);
  });

  it('is approved once complete: organisation, business documents, verified identity; audited with its KYB', async () => {
    const issuer = await issuerWithVault();
    expect((await applicationOf(issuer)).missing).toEqual([
      'organisationName',
      'businessDocuments',
      'identityVerified',
    ]);
    const incomplete = await as(admin, 'POST', `/api/admin/issuers/${issuer.user.id}/approve`);
    expect(incomplete.statusCode).toBe(409);
    expect(json(incomplete)).toMatchObject({ error: messages.issuerApplicationIncomplete });

    const blank = await as(issuer, 'PUT', '/api/issuer/application', { organisationName: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(json(blank)).toMatchObject({ fields: { organisationName: messages.organisationNameRequired } });
    const named = await as(issuer, 'PUT', '/api/issuer/application', { organisationName: 'Quay Assets Ltd' });
    expect(json(named)).toMatchObject({ message: messages.issuerApplicationSaved });
    expect((await uploadDocument(issuer)).statusCode).toBe(200);
    await passKyc(t.app, issuer);
    expect(await queued(issuer.user.id)).toMatchObject({
      email: issuer.email,
      role: 'ISSUER',
      status: 'pending',
      organisationName: 'Quay Assets Ltd',
      missing: [],
      kycStatus: 'verified',
      kybStatus: 'pending',
      businessDocuments: 1,
    });

    const approved = await as(admin, 'POST', `/api/admin/issuers/${issuer.user.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json<{ application: IssuerReviewItem }>(approved).application).toMatchObject({
      status: 'approved',
      kybStatus: 'approved',
      decidedByEmail: admin.email,
    });
    const kyb = json<{ kyb: KybApplication }>(await as(issuer, 'GET', '/api/kyb')).kyb;
    expect(kyb.status).toBe('approved');
    // One transaction, one timestamp: the two rows in either order.
    expect((await auditOf(issuer.user.id)).sort()).toEqual([
      ['issuer.approve', { organisationName: 'Quay Assets Ltd' }],
      ['kyb.approve', { documents: 1, with: 'issuer.approve' }],
    ]);
    expect((await createToken(issuer)).statusCode).toBe(201);

    const twice = await as(admin, 'POST', `/api/admin/issuers/${issuer.user.id}/approve`);
    expect(twice.statusCode).toBe(409);
  });

  it('a rejection shows its reason; naming the organisation again submits it again', async () => {
    const issuer = await issuerWithVault({ organisationName: 'Shell Co' });
    const noReason = await as(admin, 'POST', `/api/admin/issuers/${issuer.user.id}/reject`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await as(admin, 'POST', `/api/admin/issuers/${issuer.user.id}/reject`, {
      reason: 'The registry shows no such company',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await applicationOf(issuer)).toMatchObject({
      status: 'rejected',
      reason: 'The registry shows no such company',
    });
    expect((await createToken(issuer)).statusCode).toBe(403);
    expect(await auditOf(issuer.user.id)).toEqual([
      ['issuer.reject', { organisationName: 'Shell Co', reason: 'The registry shows no such company' }],
    ]);

    await as(issuer, 'PUT', '/api/issuer/application', { organisationName: 'Shell Company Ltd' });
    expect(await applicationOf(issuer)).toMatchObject({
      status: 'pending',
      organisationName: 'Shell Company Ltd',
      reason: null,
    });
  });

  it('answers the issuer and the administrators only; an investor has no application', async () => {
    const investor = await register(t.app);
    expect((await as(investor, 'GET', '/api/issuer/application')).statusCode).toBe(403);
    expect((await as(investor, 'GET', '/api/admin/issuers')).statusCode).toBe(403);
    const issuer = await register(t.app, { role: 'issuer' });
    expect((await as(issuer, 'POST', `/api/admin/issuers/${issuer.user.id}/approve`)).statusCode).toBe(403);
    const notIssuer = await as(admin, 'POST', `/api/admin/issuers/${investor.user.id}/approve`);
    expect(notIssuer.statusCode).toBe(404);
    expect(json(notIssuer)).toMatchObject({ error: messages.issuerApplicationNotFound });
  });
});

describe('roles in the admin console', () => {
  const setRole = (userId: string, role: string) =>
    as(admin, 'POST', `/api/admin/users/${userId}/role`, { role });

  it('granting issuer approves the account; taking it back closes the console at once; both audited', async () => {
    const user = await register(t.app, { name: 'Grace Granted' });
    expect((await callApi(t.app, 'POST', '/api/vault/create', user)).statusCode).toBe(201);
    expect((await as(user, 'GET', '/api/issuer/tokens')).statusCode).toBe(403);

    const granted = await setRole(user.user.id, 'issuer');
    expect(granted.statusCode, granted.body).toBe(200);
    expect(json<{ user: AdminUser }>(granted).user).toMatchObject({ id: user.user.id, role: 'ISSUER' });
    // The same session: its role is read live (ADR 36).
    expect((await createToken(user)).statusCode).toBe(201);
    expect((await applicationOf(user)).status).toBe('approved');

    expect((await setRole(user.user.id, 'INVESTOR')).statusCode).toBe(200);
    expect((await as(user, 'GET', '/api/issuer/tokens')).statusCode).toBe(403);
    expect(await auditOf(user.user.id)).toEqual([
      ['user.role', { from: 'issuer', to: 'investor' }],
      ['user.role', { from: 'investor', to: 'issuer' }],
    ]);
  });

  it('refuses an unknown role, an unknown user and a change of the admin’s own role', async () => {
    const user = await register(t.app);
    const invalid = await setRole(user.user.id, 'owner');
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid)).toMatchObject({ fields: { role: messages.roleInvalid } });
    expect((await setRole(crypto.randomUUID(), 'issuer')).statusCode).toBe(404);
    const own = await setRole(admin.user.id, 'investor');
    expect(own.statusCode).toBe(403);
    expect(json(own)).toMatchObject({ error: messages.adminOwnRole });
    expect(
      (await as(user, 'POST', `/api/admin/users/${user.user.id}/role`, { role: 'admin' })).statusCode,
    ).toBe(403);
  });
});
