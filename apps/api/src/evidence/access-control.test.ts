import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_RULES } from '@portal/shared/compliance';
import type { HoldingsResponse, VaultBalancesResponse } from '@portal/shared/holdings';
import { messages } from '@portal/shared/messages';
import type { PurchaseResponse } from '@portal/shared/purchases';
import type { Role } from '@portal/shared/roles';
import type { Sbt } from '@portal/shared/sbt';
import type { RoutePolicy } from '../plugins/policy.js';
import { MasterKey } from '../secrets/envelope.js';
import { recordEvidence } from '../test/evidence.js';
import { eventually, issueToken, listToken, settled } from '../test/issuance.js';
import { deployedToken, issuerAccount, openListing } from '../test/market-fixtures.js';
import {
  bearer,
  callApi,
  createAdmin,
  createTestApp,
  json,
  openShared,
  register,
  shareTokenOf,
  uniqueEmail,
  type Registered,
  type TestApp,
} from '../test/test-app.js';
import {
  captureExchanges,
  formsOf,
  jpegWithCanary,
  ownedState,
  passKycWith,
  pdfWithCanary,
  signIn,
  storedSecrets,
  tamper,
  type Exchange,
} from './principals.js';

/**
 * Access control, ownership and leaks (docs/product.md §6, ADR 48): every
 * route against every kind of caller, every owned object against its neighbour, extra properties
 * on every body, and every answer of the suite grepped for secrets and other users' data.
 */
const masterKey = new MasterKey(randomBytes(32));
const ZERO = '00000000-0000-4000-8000-000000000000';
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let exchanges: Exchange[];

interface Principal {
  name: string;
  token: string;
  /** Unset for callers without a live session. */
  role?: 'admin' | 'issuer' | 'investor';
  account?: Registered;
}
let principals: Principal[];

interface Investor extends Registered {
  label: string;
  tokens: string[];
  sessionIds: string[];
  did: string;
  eth: string;
  addresses: string[];
  applicantId: string;
  websdkToken: string;
  kycDocument: Buffer;
  kybDocument: Buffer;
  kybDocumentId: string;
  kybFileName: string;
  firstName: string;
  linkedWallet: { id: string; address: string };
  sbt: Sbt;
  purchaseId: string;
  cids: string[];
  share: { id: string; url: string };
  notificationIds: string[];
  /** A redemption request of theirs, locked in X's window (ADR 72). */
  redemptionRequestId: string;
  /** A sell order of theirs on X's token, cancelled at once (ADR 75). */
  secondaryOrderId: string;
  /** A holding credential of theirs ("at least 1" of X's token, ADR 74). */
  holdingCredentialId: string;
}
interface Issuer extends Registered {
  tokens: string[];
  sessionIds: string[];
  listedTokenId: string;
  unlistedTokenId: string;
  listingId: string;
  redemptionWindowId?: string;
  /** A distribution declared on the listed token, its record date far ahead (ADR 71). */
  distributionId: string;
}
let A: Investor;
/** X's offering document (ADR 73). */
let xDocument: { id: string; documentHash: string };
const PDF = Buffer.from('%PDF-1.4\n% access control\n%%EOF\n').toString('base64');
let B: Investor;
let X: Issuer;
let Y: Issuer;
let admin: Registered;

const figures: Record<string, number> = {};

/** Who the suite's tokens belong to: the leak checks judge each answer by its caller. */
const ownerOfToken = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({
    overrides: { masterKey },
    env: { RATE_LIMIT_CREDENTIAL_VERIFY_PER_MINUTE: '100000', RATE_LIMIT_GOOGLE_PER_MINUTE: '100000' },
  });
  exchanges = captureExchanges(t.app);
  const profile = (token: string) => callApi(t.app, 'GET', '/api/auth/profile', { token });

  // Each broken caller is shown to work before it is broken, so its 401s are the breakage's doing.
  const expired = await register(t.app, { name: 'Expired Session' });
  expect((await profile(expired.token)).statusCode).toBe(200);
  t.clock.advance((t.config.session.accessTokenSeconds + 60) * 1000);

  const tampered = await register(t.app, { name: 'Tampered Token' });
  expect((await profile(tampered.token)).statusCode).toBe(200);
  const revoked = await register(t.app, { name: 'Logged Out' });
  expect((await profile(revoked.token)).statusCode).toBe(200);
  expect((await callApi(t.app, 'POST', '/api/auth/logout', revoked)).statusCode).toBe(200);
  const deactivated = await register(t.app, { name: 'Deactivated User' });
  expect((await profile(deactivated.token)).statusCode).toBe(200);
  const gone = await callApi(t.app, 'POST', '/api/auth/deactivate', deactivated, {
    password: deactivated.password,
  });
  expect(gone.statusCode, gone.body).toBe(200);

  const investor = await register(t.app, { name: 'Matrix Investor' });
  const issuer = await register(t.app, { name: 'Matrix Issuer', role: 'issuer' });
  admin = await createAdmin(t.app);
  principals = [
    { name: 'anonymous', token: '' },
    { name: 'expired session', token: expired.token },
    { name: 'tampered token', token: tamper(tampered.token) },
    { name: 'revoked session', token: revoked.token },
    { name: 'deactivated user', token: deactivated.token },
    { name: 'investor', token: investor.token, role: 'investor', account: investor },
    { name: 'issuer', token: issuer.token, role: 'issuer', account: issuer },
    { name: 'admin', token: admin.token, role: 'admin', account: admin },
  ];
  for (const who of principals.slice(1, 5)) expect((await profile(who.token)).statusCode, who.name).toBe(401);
  ownerOfToken.set(admin.token, 'admin');

  X = await seedIssuer('X');
  Y = await seedIssuer('Y');
  const listing = await listToken(t.app, X, X.listedTokenId, { tokenAmount: '100' });
  expect(listing.status).toBe('DEPLOYED');
  X.listingId = listing.id;
  const opened = await callApi(t.app, 'POST', `/api/issuer/tokens/${X.listedTokenId}/redemption-windows`, X, {
    currency: 'ETH',
    price: '0.001',
    cap: '100',
    opensAt: t.clock.now().toISOString(),
    closesAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
  });
  expect(opened.statusCode, opened.body).toBe(201);
  X.redemptionWindowId = json<{ window: { id: string } }>(opened).window.id;
  A = await seedInvestor('A', true);
  B = await seedInvestor('B', false);
  // X's token gets an offering document once A and B have bought (ADR 73): every investor may read it.
  xDocument = await attachDocument(X, X.listedTokenId);
}, 240_000);

afterAll(async () => {
  recordEvidence('access-control', figures);
  await t?.close();
});

/** An offering document on the issuer's token, waited for until its job has recorded it on chain. */
async function attachDocument(issuer: Registered, tokenId: string) {
  const attached = await t.app.inject({
    method: 'POST',
    url: `/api/issuer/tokens/${tokenId}/documents`,
    headers: bearer(issuer.token),
    payload: { name: 'Prospectus', contentType: 'application/pdf', data: PDF },
  });
  expect(attached.statusCode, attached.body).toBe(202);
  const { id, documentHash } = json<{ data: { id: string; documentHash: string } }>(attached).data;
  await eventually(
    async () =>
      json<{ data: { acknowledged: boolean } }>(
        await callApi(t.app, 'GET', `/api/tokens/${tokenId}/documents`, issuer),
      ).data,
    (data) => !data.acknowledged,
    'the offering document to be recorded',
  );
  return { id, documentHash };
}

async function seedIssuer(label: string): Promise<Issuer> {
  const account = await issuerAccount(t.app);
  let listedTokenId: string;
  let listingId = '';
  if (label === 'X') {
    // X's market is real: deployed on the embedded chain, so A and B can buy and settle.
    const token = await issueToken(t.app, account, { symbol: 'XAC' });
    expect(token.status).toBe('DEPLOYED');
    listedTokenId = token.id;
  } else {
    const token = await deployedToken(t.app, account.user.id, { symbol: 'YAC' });
    listedTokenId = token.id;
    listingId = (await openListing(t.app, token)).id;
  }
  const unlisted = await deployedToken(t.app, account.user.id, { symbol: `${label}UL` });
  const second = await signIn(t.app, account);
  for (const token of [account.token, second]) ownerOfToken.set(token, `issuer ${label}`);
  const declared = await t.app.inject({
    method: 'POST',
    url: `/api/issuer/tokens/${listedTokenId}/distributions`,
    headers: { authorization: `Bearer ${account.token}`, 'idempotency-key': randomUUID() },
    payload: {
      basis: 'total',
      amount: '0.000001',
      currency: 'ETH',
      recordDate: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
      paymentDate: new Date(t.clock.now().getTime() + 31 * 86_400_000).toISOString(),
    },
  });
  expect(declared.statusCode, declared.body).toBe(201);
  return {
    distributionId: json<{ distribution: { id: string } }>(declared).distribution.id,
    ...account,
    tokens: [account.token, second],
    sessionIds: await sessionIds(second),
    listedTokenId,
    unlistedTokenId: unlisted.id,
    listingId,
  };
}

async function sessionIds(token: string): Promise<string[]> {
  const listed = json<{ sessions: Array<{ id: string }> }>(
    await callApi(t.app, 'GET', '/api/auth/sessions', { token }),
  );
  return listed.sessions.map((session) => session.id);
}

async function seedInvestor(label: string, mint: boolean): Promise<Investor> {
  const account = await register(t.app, { name: `Investor ${label}` });
  const as = { token: account.token };
  const kycDocument = jpegWithCanary();
  const { applicantId, websdkToken } = await passKycWith(t.app, as, kycDocument);
  const did = json<{ didMetadata: { did: string } }>(await callApi(t.app, 'POST', '/api/did/start', as))
    .didMetadata.did;
  const vault = json<{ wallets: Array<{ assetId: string; address: string }> }>(
    await callApi(t.app, 'POST', '/api/vault/create', as),
  );
  const eth = vault.wallets.find((wallet) => wallet.assetId.startsWith('ETH'))!.address;

  const wallet = privateKeyToAccount(generatePrivateKey());
  const issued = json<{ nonce: string; domain: string; uri: string }>(
    await callApi(t.app, 'POST', '/api/settings/wallets/nonce', as),
  );
  const message = createSiweMessage({
    address: wallet.address,
    chainId: 11155111,
    domain: issued.domain,
    uri: issued.uri,
    nonce: issued.nonce,
    version: '1',
    issuedAt: t.clock.now(),
    statement: 'Link this wallet to my Investor Portal account.',
  });
  const linked = await callApi(t.app, 'POST', '/api/settings/wallets/link', as, {
    message,
    signature: await wallet.signMessage({ message }),
  });
  expect(linked.statusCode, linked.body).toBe(200);

  const kybDocument = pdfWithCanary();
  const kybFileName = `register-${label}-${randomBytes(4).toString('hex')}.pdf`;
  const kyb = await callApi(t.app, 'POST', '/api/kyb/documents', as, {
    fileName: kybFileName,
    contentType: 'application/pdf',
    data: kybDocument.toString('base64'),
  });
  expect(kyb.statusCode, kyb.body).toBe(200);
  // Letters only (a name), unique enough to grep for.
  const firstName = `Zed${label}${randomBytes(6)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
  const personal = await callApi(t.app, 'POST', '/api/settings/personal', as, {
    firstName,
    lastName: 'Owner',
  });
  expect(personal.statusCode, personal.body).toBe(200);

  const created = await callApi(t.app, 'POST', '/api/sbt/create', as, { selectedImageId: 'aurora' });
  expect(created.statusCode, created.body).toBe(201);
  let sbt = json<{ sbt: Sbt }>(created).sbt;
  if (mint) {
    expect((await callApi(t.app, 'POST', '/api/sbt/mint', as, { sbtId: sbt.id })).statusCode).toBe(202);
    sbt = await eventually(
      async () => json<{ sbt: Sbt }>(await callApi(t.app, 'GET', `/api/sbt/status/${sbt.id}`, as)).sbt,
      (value) => value.status === 'minted' || value.status === 'failed',
      'the SBT mint',
    );
    expect(sbt.status).toBe('minted');
  }

  const bought = await t.app.inject({
    method: 'POST',
    url: `/api/escrow/${X.listingId}/purchase`,
    headers: { ...bearer(account.token), 'idempotency-key': randomUUID() },
    payload: { amount: '1', investorDid: did, investorWallet: eth },
  });
  expect(bought.statusCode, bought.body).toBe(202);
  const purchaseId = json<PurchaseResponse>(bought).data.purchase.id;
  const done = await settled(t.app, as, purchaseId);
  expect(done.purchase.status).toBe('COMPLETED');
  const redeemed = await t.app.inject({
    method: 'POST',
    url: `/api/redemptions/windows/${X.redemptionWindowId}/requests`,
    headers: { ...bearer(account.token), 'idempotency-key': randomUUID() },
    payload: { amount: '1' },
  });
  expect(redeemed.statusCode, redeemed.body).toBe(201);
  const redemptionRequestId = json<{ request: { id: string } }>(redeemed).request.id;
  // Cancelled at once: the request stays theirs to name, the token goes back to their holding.
  const cancelled = await callApi(
    t.app,
    'POST',
    `/api/redemptions/requests/${redemptionRequestId}/cancel`,
    as,
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const offered = await t.app.inject({
    method: 'POST',
    url: `/api/secondary/tokens/${X.listedTokenId}/orders`,
    headers: { ...bearer(account.token), 'idempotency-key': randomUUID() },
    payload: {
      amount: '1',
      pricePerTokenWei: '1000',
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    },
  });
  expect(offered.statusCode, offered.body).toBe(201);
  const secondaryOrderId = json<{ order: { id: string } }>(offered).order.id;
  // Cancelled at once too: the order stays theirs to name, the token goes back to their holding.
  const withdrawn = await callApi(t.app, 'POST', `/api/secondary/orders/${secondaryOrderId}/cancel`, as);
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  const proved = await callApi(t.app, 'POST', '/api/holding-credentials', as, {
    tokenId: X.listedTokenId,
    threshold: '1',
  });
  expect(proved.statusCode, proved.body).toBe(201);
  const holdingCredentialId = json<{ credential: { id: string } }>(proved).credential.id;
  const cids = [done.vcData.ipfsUrl, sbt.vcUrl]
    .filter((url): url is string => !!url)
    .map((url) => url.split('/').pop()!);
  const shared = await callApi(t.app, 'POST', '/api/credentials/shares', as, { cid: cids[0] });
  expect(shared.statusCode, shared.body).toBe(201);
  const share = json<{ share: { id: string; url: string } }>(shared).share;
  const notificationIds = json<{ notifications: Array<{ id: string }> }>(
    await callApi(t.app, 'GET', '/api/notifications', as),
  ).notifications.map((n) => n.id);
  expect(notificationIds.length).toBeGreaterThan(0);

  const second = await signIn(t.app, account);
  const investor: Investor = {
    ...account,
    label,
    tokens: [account.token, second],
    sessionIds: await sessionIds(second),
    did,
    eth,
    addresses: vault.wallets.map((w) => w.address),
    applicantId,
    websdkToken,
    kycDocument,
    kybDocument,
    kybDocumentId: json<{ kyb: { documents: Array<{ id: string }> } }>(kyb).kyb.documents[0]!.id,
    kybFileName,
    firstName,
    linkedWallet: json<{ wallets: Array<{ id: string; address: string }> }>(linked).wallets[0]!,
    sbt,
    purchaseId,
    cids,
    share,
    notificationIds,
    redemptionRequestId,
    secondaryOrderId,
    holdingCredentialId,
  };
  expect(investor.sessionIds).toHaveLength(2);
  for (const token of investor.tokens) ownerOfToken.set(token, `investor ${label}`);
  return investor;
}

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, ZERO).replace(/\*$/, 'index.html');
const roleRoutes = (policy: RoutePolicy | undefined): policy is readonly Role[] => Array.isArray(policy);

/** Public routes that identify a caller who presents a session: a stale one is told so (401). */
const IDENTIFYING = new Set(['POST /api/credentials/verify', 'GET /ipfs/:cid', 'HEAD /ipfs/:cid']);
/** Routes that end the caller's session: a live caller gets a fresh session for them. */
const SESSION_ENDING = new Set(['POST /api/auth/logout']);

describe('Z1/Z2/Z5: every route × every kind of caller', () => {
  it('role routes: 401 without a live session, 403 for a wrong role, neither for a right one; never 5xx', async () => {
    const routes = t.app.routeInventory();
    expect(routes.filter((route) => !route.policy)).toEqual([]);
    const mismatches: string[] = [];
    let checks = 0;
    let fiveHundreds = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const answers = new Map<string, { status: number; error?: string }>();
      for (const who of principals) {
        const token = who.account && SESSION_ENDING.has(key) ? await signIn(t.app, who.account) : who.token;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: token ? bearer(token) : {},
          ...(UNSAFE.has(route.method) && route.method !== 'DELETE' ? { payload: {} } : {}),
        });
        checks += 1;
        const status = response.statusCode;
        let error: string | undefined;
        try {
          error = (JSON.parse(response.body) as { error?: string }).error;
        } catch {
          // Pages, files and streams carry no error envelope.
        }
        answers.set(who.name, { status, error });
        const problem = (expected: string) =>
          mismatches.push(`${key} as ${who.name}: ${status}, expected ${expected}`);
        if (status >= 500) {
          fiveHundreds += 1;
          problem('no 5xx');
          continue;
        }
        if (roleRoutes(route.policy)) {
          if (!who.role) {
            if (status !== 401) problem('401');
          } else if (!route.policy.includes(who.role)) {
            if (status !== 403) problem('403');
          } else if (status === 401 || status === 403) {
            problem('neither 401 nor 403');
          }
          continue;
        }
        if (status === 403) problem('never 403 on a public route');
      }
      if (roleRoutes(route.policy)) continue;
      // Public and webhook routes: a session changes nothing, except that an identifying route
      // tells a stale one so.
      const anonymous = answers.get('anonymous')!;
      for (const who of principals.slice(1)) {
        const answer = answers.get(who.name)!;
        if (answer.status >= 500 || answer.status === 403) continue;
        const expected = !who.role && IDENTIFYING.has(key) ? 401 : anonymous.status;
        if (answer.status !== expected)
          mismatches.push(
            `${key} as ${who.name}: ${answer.status}, expected ${expected} (as anonymous: ${anonymous.status})`,
          );
      }
      if (route.policy === 'webhook' && anonymous.error !== messages.webhookSignatureInvalid)
        mismatches.push(`${key}: an unsigned delivery answered ${anonymous.status} ${anonymous.error}`);
    }
    const byPolicy = (test: (policy: RoutePolicy) => boolean) => routes.filter((r) => test(r.policy!)).length;
    Object.assign(figures, {
      routes: routes.length,
      routesPublic: byPolicy((p) => p === 'public'),
      routesWebhook: byPolicy((p) => p === 'webhook'),
      routesRoleProtected: byPolicy((p) => Array.isArray(p)),
      routesWithoutPolicy: routes.filter((r) => !r.policy).length,
      principals: principals.length,
      checks,
      mismatches: mismatches.length,
      fiveHundreds,
    });
    expect(mismatches).toEqual([]);
  }, 180_000);
});

interface Attempt {
  route: string;
  url: string;
  payload?: object;
  headers?: Record<string, string>;
  /** What the code answers for another's object. */
  expect: number;
  /** Writes: the victim's (and the attacker's) rows must not change. */
  write?: boolean;
}

const asRoute = (method: string, pattern: string, url: string, expect = 404): Attempt => ({
  route: `${method} ${pattern}`,
  url,
  expect,
  write: method !== 'GET' && method !== 'HEAD',
});
const readable = (pattern: string, url: string): Attempt[] => [
  asRoute('GET', pattern, url),
  asRoute('HEAD', pattern, url),
];

/** Every way an investor could name another investor's object. */
function investorAttempts(victim: Investor, attacker: Investor): Attempt[] {
  return [
    ...readable('/api/sbt/status/:id', `/api/sbt/status/${victim.sbt.id}`),
    asRoute(
      'POST',
      '/api/auth/sessions/:sessionId/revoke',
      `/api/auth/sessions/${victim.sessionIds[0]}/revoke`,
    ),
    asRoute(
      'POST',
      '/api/auth/sessions/:sessionId/revoke',
      `/api/auth/sessions/${victim.sessionIds[1]}/revoke`,
    ),
    asRoute(
      'POST',
      '/api/settings/wallets/:walletId/remove',
      `/api/settings/wallets/${victim.linkedWallet.id}/remove`,
    ),
    ...readable('/api/kyb/documents/:documentId', `/api/kyb/documents/${victim.kybDocumentId}`),
    asRoute('DELETE', '/api/kyb/documents/:documentId', `/api/kyb/documents/${victim.kybDocumentId}`),
    ...readable('/api/token-purchases/:id', `/api/token-purchases/${victim.purchaseId}`),
    asRoute('DELETE', '/api/credentials/shares/:id', `/api/credentials/shares/${victim.share.id}`),
    ...['revoke', 'share'].map((action) =>
      asRoute(
        'POST',
        `/api/holding-credentials/:id/${action}`,
        `/api/holding-credentials/${victim.holdingCredentialId}/${action}`,
      ),
    ),
    ...victim.cids.flatMap((cid) => readable('/ipfs/:cid', `/ipfs/${cid}`)),
    // The secondary market (ADR 75): only the seller cancels an order; anyone may take an open one,
    // so naming another's (cancelled) order to buy is refused as not open, and nothing moves.
    {
      ...asRoute(
        'POST',
        '/api/secondary/orders/:orderId/cancel',
        `/api/secondary/orders/${victim.secondaryOrderId}/cancel`,
      ),
      headers: { 'idempotency-key': randomUUID() },
    },
    {
      ...asRoute(
        'POST',
        '/api/secondary/orders/:orderId/take',
        `/api/secondary/orders/${victim.secondaryOrderId}/take`,
        409,
      ),
      payload: { amount: '1' },
      headers: { 'idempotency-key': randomUUID() },
    },
    // A token's book and trades are no one's: sellers are anonymous in them; selling names only the
    // caller's own tokens, refused beyond them.
    ...(['book', 'trades'] as const).flatMap((part) =>
      (['GET', 'HEAD'] as const).map((method) =>
        asRoute(
          method,
          `/api/secondary/tokens/:id/${part}`,
          `/api/secondary/tokens/${X.listedTokenId}/${part}`,
          200,
        ),
      ),
    ),
    {
      ...asRoute(
        'POST',
        '/api/secondary/tokens/:id/orders',
        `/api/secondary/tokens/${X.listedTokenId}/orders`,
        409,
      ),
      payload: {
        amount: '1000000',
        pricePerTokenWei: '1000',
        expiresAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      },
      headers: { 'idempotency-key': randomUUID() },
    },
    {
      ...asRoute(
        'POST',
        '/api/redemptions/requests/:requestId/cancel',
        `/api/redemptions/requests/${victim.redemptionRequestId}/cancel`,
      ),
      headers: { 'idempotency-key': randomUUID() },
    },
    // A window is no one's: naming it asks to redeem the caller's own tokens, refused beyond them.
    {
      ...asRoute(
        'POST',
        '/api/redemptions/windows/:windowId/requests',
        `/api/redemptions/windows/${X.redemptionWindowId}/requests`,
        409,
      ),
      payload: { amount: '1000000' },
      headers: { 'idempotency-key': randomUUID() },
    },
    // Another investor's linked wallet is not mine to withdraw to: refused, nothing signed (ADR 76).
    {
      ...asRoute('POST', '/api/transfers', '/api/transfers', 400),
      payload: { tokenId: X.listedTokenId, amount: '1', to: { wallet: victim.linkedWallet.address } },
      headers: { 'idempotency-key': randomUUID() },
    },
    // Ids named in a body or a query.
    { ...asRoute('POST', '/api/sbt/mint', '/api/sbt/mint'), payload: { sbtId: victim.sbt.id } },
    {
      ...asRoute('POST', '/api/kyc/store-data', '/api/kyc/store-data'),
      payload: { applicantId: victim.applicantId },
    },
    ...victim.cids.flatMap((cid) => [
      { ...asRoute('POST', '/api/credentials/shares', '/api/credentials/shares'), payload: { cid } },
      { ...asRoute('POST', '/api/credentials/verify', '/api/credentials/verify'), payload: { cid } },
      asRoute('GET', '/api/credentials/shares', `/api/credentials/shares?cid=${cid}`),
    ]),
    {
      ...asRoute('POST', '/api/notifications/read', '/api/notifications/read', 200),
      payload: { ids: victim.notificationIds },
    },
    // A token's offering documents are public offering material: any investor reads them; an
    // acknowledgement of hashes that are not the current ones changes nothing (ADR 73).
    ...[
      asRoute('GET', '/api/tokens/:id/documents', `/api/tokens/${X.listedTokenId}/documents`, 200),
      asRoute('HEAD', '/api/tokens/:id/documents', `/api/tokens/${X.listedTokenId}/documents`, 200),
      ...(['GET', 'HEAD'] as const).map((method) =>
        asRoute(
          method,
          '/api/tokens/:id/documents/:documentId/file',
          `/api/tokens/${X.listedTokenId}/documents/${xDocument.id}/file`,
          200,
        ),
      ),
      {
        ...asRoute(
          'POST',
          '/api/tokens/:id/acknowledgements',
          `/api/tokens/${X.listedTokenId}/acknowledgements`,
          409,
        ),
        payload: { documentHashes: [`0x${'0'.repeat(64)}`] },
      },
    ],
    // A token is no one's object: naming any answers the caller's own eligibility, never another's.
    ...[
      asRoute('GET', '/api/tokens/:id/eligibility', `/api/tokens/${X.listedTokenId}/eligibility`, 200),
      asRoute('HEAD', '/api/tokens/:id/eligibility', `/api/tokens/${X.listedTokenId}/eligibility`, 200),
    ],
    // Buying as someone else: refused with 403, the same as for a DID or wallet nobody owns, so
    // the answer tells nothing about whose they are.
    ...[
      { investorDid: victim.did, investorWallet: attacker.eth },
      { investorDid: attacker.did, investorWallet: victim.eth },
      { investorDid: `did:key:z6Mk${'x'.repeat(44)}`, investorWallet: attacker.eth },
      { investorDid: attacker.did, investorWallet: privateKeyToAccount(generatePrivateKey()).address },
    ].map((payload) => ({
      ...asRoute('POST', '/api/escrow/:escrowId/purchase', `/api/escrow/${X.listingId}/purchase`, 403),
      payload: { amount: '1', ...payload },
      headers: { 'idempotency-key': randomUUID() },
    })),
  ];
}

function issuerAttempts(victim: Issuer): Attempt[] {
  const token = (path: string) => `/api/issuer/tokens/${victim.listedTokenId}/${path}`;
  const action = (method: string, path: string, payload: object): Attempt => ({
    ...asRoute(method, `/api/issuer/tokens/:id/${path}`, token(path)),
    payload,
    headers: { 'idempotency-key': randomUUID() },
  });
  return [
    ...readable('/api/issuer/tokens/:id/compliance', token('compliance')),
    ...readable('/api/issuer/tokens/:id/redemption-windows', token('redemption-windows')),
    action('POST', 'redemption-windows', {
      currency: 'ETH',
      price: '0.001',
      cap: '1',
      opensAt: new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString(),
      closesAt: new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString(),
    }),
    // Another issuer's register is a token that does not exist to them (ADR 69).
    ...readable('/api/issuer/tokens/:id/register', token('register')),
    ...readable('/api/issuer/tokens/:id/register.csv', token('register.csv')),
    // Another issuer's distributions: their token and their declarations do not exist (ADR 71).
    ...readable('/api/issuer/tokens/:id/distributions', token('distributions')),
    action('POST', 'distributions', {
      basis: 'total',
      amount: '0.000001',
      currency: 'ETH',
      recordDate: new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString(),
      paymentDate: new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString(),
    }),
    asRoute(
      'POST',
      '/api/issuer/distributions/:id/cancel',
      `/api/issuer/distributions/${victim.distributionId}/cancel`,
    ),
    // Another issuer's trading figures: their token does not exist to them (ADR 75).
    ...readable('/api/issuer/tokens/:id/secondary', token('secondary')),
    action('PUT', 'rules', OPEN_RULES),
    // Another issuer's token has no documents to them: attaching, reading or removing is 404 (ADR 73).
    action('POST', 'documents', { name: 'Terms', contentType: 'application/pdf', data: PDF }),
    ...readable('/api/issuer/tokens/:id/documents', token('documents')),
    asRoute(
      'DELETE',
      '/api/issuer/tokens/:id/documents/:documentId',
      `/api/issuer/tokens/${victim.listedTokenId}/documents/${victim === X ? xDocument.id : ZERO}`,
    ),
    action('POST', 'pause', { paused: true, reason: 'Named by another issuer' }),
    action('POST', 'freeze', { holderId: ZERO, amount: '1', reason: 'Named by another issuer' }),
    action('POST', 'forced-transfer', {
      fromHolderId: ZERO,
      toHolderId: null,
      amount: '1',
      reason: 'Named by another issuer',
    }),
    action('POST', 'recover', {
      holderId: ZERO,
      newAddress: ZERO_ADDRESS,
      reason: 'Named by another issuer',
    }),
    ...[victim.listedTokenId, victim.unlistedTokenId].flatMap((id) =>
      readable('/api/issuer/tokens/:id', `/api/issuer/tokens/${id}`),
    ),
    asRoute('POST', '/api/issuer/listings/:id/cancel', `/api/issuer/listings/${victim.listingId}/cancel`),
    {
      ...asRoute('POST', '/api/issuer/listings', '/api/issuer/listings'),
      payload: {
        tokenId: victim.unlistedTokenId,
        kind: 'direct',
        tokenAmount: '1',
        priceETH: '0.001',
        deadline: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      },
    },
  ];
}

/** The objects the attempts above name. */
const investorObjects = (who: Investor) => [
  who.sbt.id,
  ...who.sessionIds,
  who.linkedWallet.id,
  who.kybDocumentId,
  who.purchaseId,
  who.share.id,
  ...who.cids,
  who.applicantId,
  ...who.notificationIds,
  who.redemptionRequestId,
  who.secondaryOrderId,
  who.did,
  who.eth,
];
const issuerObjects = (who: Issuer) => [
  who.listedTokenId,
  who.unlistedTokenId,
  who.listingId,
  who.distributionId,
];

/** What an object route answers about the owner's own object, to show the attempt named a real one. */
const OWN_ANSWER: Record<string, number> = { GET: 200, HEAD: 200 };

describe('Z3: objects owned by one user, named by another', () => {
  it("every id route answers 404 for another user's object and changes nothing", async () => {
    const mismatches: string[] = [];
    let attempts = 0;
    const covered = new Set<string>();
    const pairs: Array<[Registered & { tokens: string[] }, Registered & { tokens: string[] }, Attempt[]]> = [
      [A, B, investorAttempts(B, A)],
      [B, A, investorAttempts(A, B)],
      [X, Y, issuerAttempts(Y)],
      [Y, X, issuerAttempts(X)],
    ];
    for (const [attacker, victim, list] of pairs) {
      for (const attempt of list) {
        covered.add(attempt.route);
        const before = attempt.write
          ? [await ownedState(t.database, victim.user.id), await ownedState(t.database, attacker.user.id)]
          : [];
        const response = await t.app.inject({
          method: attempt.route.split(' ')[0] as 'GET',
          url: attempt.url,
          headers: { ...bearer(attacker.tokens[1]!), ...attempt.headers },
          ...(attempt.payload ? { payload: attempt.payload } : {}),
        });
        attempts += 1;
        const label = `${attacker.email} → ${attempt.route} (${attempt.url})`;
        if (response.statusCode !== attempt.expect)
          mismatches.push(
            `${label}: ${response.statusCode}, expected ${attempt.expect} ${response.body.slice(0, 120)}`,
          );
        if (attempt.write) {
          const after = [
            await ownedState(t.database, victim.user.id),
            await ownedState(t.database, attacker.user.id),
          ];
          if (JSON.stringify(after) !== JSON.stringify(before))
            mismatches.push(`${label}: the database changed`);
        }
        // The owner reaches the same object: the attempt named something real.
        const own = OWN_ANSWER[attempt.route.split(' ')[0]!];
        if (own && attempt.expect === 404) {
          const mine = await t.app.inject({
            method: attempt.route.split(' ')[0] as 'GET',
            url: attempt.url,
            headers: bearer(victim.tokens[1]!),
          });
          if (mine.statusCode !== own) mismatches.push(`${label}: the owner got ${mine.statusCode}`);
        }
      }
    }
    // Z1 × Z3: every route that names an object by id is either attempted or owned by no one.
    const objectRoutes = t.app
      .routeInventory()
      .filter(
        (route) =>
          /:[A-Za-z]+/.test(route.url) &&
          ((roleRoutes(route.policy) && route.policy.some((role) => role !== 'admin')) ||
            IDENTIFYING.has(`${route.method} ${route.url}`)),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(objectRoutes.filter((route) => !covered.has(route))).toEqual([]);
    // A shared link keeps working: the holder's share was not revoked by anyone else.
    expect((await openShared(t.app, shareTokenOf(B.share.url))).statusCode).toBe(200);
    // And the victims' sessions still work.
    for (const who of [A, B, X, Y])
      for (const token of who.tokens)
        expect((await callApi(t.app, 'GET', '/api/auth/profile', { token })).statusCode).toBe(200);
    Object.assign(figures, {
      ownedObjectRoutes: objectRoutes.length,
      ownedObjects: [A, B].flatMap(investorObjects).length + [X, Y].flatMap(issuerObjects).length,
      idorAttempts: attempts,
      idorMismatches: mismatches.length,
    });
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("holdings and vault balances answer the caller's own only (ADR 68)", async () => {
    for (const [who, other] of [
      [A, B],
      [B, A],
    ] as const) {
      const own = { token: who.tokens[0]! };
      const holdings = json<HoldingsResponse>(await callApi(t.app, 'GET', '/api/holdings', own));
      expect(holdings.holdings.flatMap((h) => h.purchases.map((p) => p.id))).toEqual([who.purchaseId]);
      expect(holdings.holdings.flatMap((h) => h.addresses)).toEqual([who.eth]);
      const balances = json<VaultBalancesResponse>(await callApi(t.app, 'GET', '/api/vault/balances', own));
      expect(balances.balances.map((b) => b.address).sort()).toEqual([...who.addresses].sort());
      const text = JSON.stringify([holdings, balances]).toLowerCase();
      for (const value of [other.purchaseId, other.user.id, ...other.addresses])
        expect(text, `${who.label} sees ${other.label}'s ${value}`).not.toContain(value.toLowerCase());
    }
    // An issuer buys nothing: its holdings are refused, its own vault's balances are not.
    expect((await callApi(t.app, 'GET', '/api/holdings', { token: X.tokens[0]! })).statusCode).toBe(403);
    const issuerVault = json<VaultBalancesResponse>(
      await callApi(t.app, 'GET', '/api/vault/balances', { token: X.tokens[0]! }),
    );
    expect(issuerVault.balances.length).toBeGreaterThan(0);
    expect(JSON.stringify(issuerVault)).not.toContain(A.eth);
  });

  it("the faucet pays the caller's own vault only, and its allowance is the caller's own (ADR 70)", async () => {
    const { publicClient } = t.app.container.chain;
    const balanceOf = (address: string) => publicClient.getBalance({ address: address as `0x${string}` });
    const before = await balanceOf(B.eth);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/vault/faucet',
      headers: { ...bearer(A.tokens[0]!), 'idempotency-key': randomUUID() },
      payload: { asset: 'ETH' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json<{ grant: { address: string } }>(paid).grant.address).toBe(A.eth);
    expect(await balanceOf(B.eth)).toBe(before);
    const left = (who: { tokens: string[] }) =>
      callApi(t.app, 'GET', '/api/vault/faucet', { token: who.tokens[0]! }).then(
        (answer) =>
          json<{ allowances: Array<{ asset: string; chain: string; remaining: number }> }>(answer).allowances,
      );
    const eth = (list: Awaited<ReturnType<typeof left>>) =>
      list.find((entry) => entry.asset === 'ETH' && entry.chain === 'ethereum')!.remaining;
    expect(eth(await left(B))).toBeGreaterThan(eth(await left(A)));
  });

  it("no list or view of one user ever shows another user's objects", async () => {
    const views = t.app
      .routeInventory()
      .filter((route) => route.method === 'GET' && !route.url.includes(':') && roleRoutes(route.policy));
    for (const who of [A, B, X, Y]) {
      const role = who === X || who === Y ? 'issuer' : 'investor';
      for (const route of views) {
        if (!(route.policy as readonly string[]).includes(role)) continue;
        const response = await callApi(t.app, 'GET', route.url, { token: who.tokens[0]! });
        expect(response.statusCode, `${route.url} as ${who.email}`).toBeLessThan(500);
      }
    }
    figures.viewRoutes = views.length;
    // The check itself runs over every answer of the suite, below.
  }, 60_000);
});

const EXTRA_KEYS = [
  'role',
  'userId',
  'kycStatus',
  'isAdmin',
  'ownerId',
  'remaining',
  'price',
  'walletId',
  'constructor',
];

describe('Z4: extra properties on every body', () => {
  it('are refused with 400 and change nothing: roles, KYC states, listings and balances stay', async () => {
    const throwaway = await signIn(t.app, A);
    const extras = {
      role: 'admin',
      userId: B.user.id,
      kycStatus: 'verified',
      isAdmin: true,
      ownerId: B.user.id,
      remaining: '0',
      price: '1',
      walletId: B.linkedWallet.id,
      constructor: { isAdmin: true },
    };
    const anyone = undefined;
    const deadline = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const bodies: Record<
      string,
      { who?: string; url?: string; headers?: Record<string, string>; body: object }
    > = {
      'POST /api/auth/register': {
        who: anyone,
        body: { name: 'Mass Assign', email: uniqueEmail(), password: 'correct horse battery' },
      },
      'POST /api/auth/login': { who: anyone, body: { email: A.email, password: A.password } },
      'POST /api/auth/login/two-factor': { who: anyone, body: { ticket: 'x'.repeat(43), code: '123456' } },
      'POST /api/auth/refresh': { who: anyone, body: { refreshToken: A.refreshToken } },
      'POST /api/auth/logout': { who: throwaway, body: {} },
      'POST /api/auth/verify': { who: anyone, body: { token: A.token } },
      'POST /api/auth/forgot-password': { who: anyone, body: { email: A.email } },
      'POST /api/auth/unlock': { who: anyone, body: { email: A.email } },
      'POST /api/auth/reset-password': {
        who: anyone,
        body: { token: 'x'.repeat(43), password: 'new password 123', confirmPassword: 'new password 123' },
      },
      'POST /api/auth/change-password': {
        who: A.token,
        body: {
          currentPassword: A.password,
          newPassword: 'another secret 123',
          confirmPassword: 'another secret 123',
        },
      },
      'POST /api/auth/deactivate': { who: A.token, body: { password: A.password } },
      'POST /api/auth/two-factor/enable': { who: A.token, body: { code: '123456' } },
      'POST /api/auth/two-factor/disable': { who: A.token, body: { password: A.password } },
      'POST /api/admin/users/:userId/revoke-identity': {
        who: admin.token,
        url: `/api/admin/users/${B.user.id}/revoke-identity`,
        body: { reason: 'mass assignment' },
      },
      'POST /api/admin/listings/:listingId/suspension': {
        who: admin.token,
        url: `/api/admin/listings/${X.listingId}/suspension`,
        body: { suspended: true },
      },
      'POST /api/settings/personal': { who: A.token, body: { firstName: 'Ada', lastName: 'Lovelace' } },
      'POST /api/settings/preferences': { who: A.token, body: { theme: 'dark' } },
      'POST /api/settings/login-alerts': { who: A.token, body: { loginAlerts: false } },
      'POST /api/settings/privacy': { who: A.token, body: { showNameToIssuers: false } },
      'POST /api/settings/avatar': { who: A.token, body: { contentType: 'image/png', data: 'iVBORw0KGgo=' } },
      'POST /api/settings/wallets/link': { who: A.token, body: { message: 'a message', signature: '0x00' } },
      'POST /api/notifications/read': { who: A.token, body: { ids: [A.notificationIds[0]] } },
      'POST /api/kyc/store-data': { who: A.token, body: { applicantId: A.applicantId } },
      'POST /websdk/api/applicant/document': {
        headers: { 'x-access-token': A.websdkToken },
        body: { contentType: 'image/jpeg', data: '/9j/4AAQ' },
      },
      'POST /websdk/api/applicant/submit': {
        headers: { 'x-access-token': A.websdkToken },
        body: {
          firstName: 'Ada',
          lastName: 'L',
          dob: '1990-12-10',
          country: 'GBR',
          idDocType: 'PASSPORT',
          number: 'X1',
        },
      },
      'POST /api/admin/kyc/:applicantId/reject': {
        who: admin.token,
        url: `/api/admin/kyc/${B.applicantId}/reject`,
        body: { reason: 'mass assignment' },
      },
      'POST /api/kyb/documents': {
        who: A.token,
        body: { fileName: 'x.pdf', contentType: 'application/pdf', data: 'JVBERi0xLjc=' },
      },
      'POST /api/admin/kyb/:userId/reject': {
        who: admin.token,
        url: `/api/admin/kyb/${B.user.id}/reject`,
        body: { reason: 'mass assignment' },
      },
      'PUT /api/issuer/application': { who: X.token, body: { organisationName: 'Mass Assignment Ltd' } },
      'POST /api/admin/issuers/:userId/reject': {
        who: admin.token,
        url: `/api/admin/issuers/${X.user.id}/reject`,
        body: { reason: 'mass assignment' },
      },
      'POST /api/admin/users/:userId/role': {
        who: admin.token,
        url: `/api/admin/users/${B.user.id}/role`,
        body: { role: 'issuer' },
      },
      'POST /api/vault/create': { who: A.token, body: { autoFuel: true } },
      'POST /api/vault/faucet': {
        who: A.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { asset: 'ETH', chain: 'ethereum' },
      },
      'POST /api/did/start': { who: A.token, body: {} },
      'POST /api/sbt/create': { who: A.token, body: { selectedImageId: 'aurora' } },
      'POST /api/sbt/mint': { who: B.token, body: { sbtId: B.sbt.id } },
      'POST /api/issuer/tokens': {
        who: X.token,
        body: { name: 'Mass', symbol: 'MAS', tokenType: 'ERC20', assetCategory: 'Other', totalSupply: '10' },
      },
      'POST /api/issuer/listings': {
        who: X.token,
        body: { tokenId: X.unlistedTokenId, kind: 'direct', tokenAmount: '1', priceETH: '0.001', deadline },
      },
      'POST /api/escrow/:escrowId/purchase': {
        who: A.token,
        url: `/api/escrow/${X.listingId}/purchase`,
        headers: { 'idempotency-key': randomUUID() },
        body: { amount: '1', investorDid: A.did, investorWallet: A.eth },
      },
      'POST /api/token-purchases': {
        who: A.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { tokenId: X.listedTokenId, amount: '1', investorDid: A.did, investorWallet: A.eth },
      },
      ...Object.fromEntries(
        (
          [
            ['PUT', 'rules', OPEN_RULES],
            ['POST', 'pause', { paused: true, reason: 'mass assignment' }],
            ['POST', 'freeze', { holderId: A.user.id, amount: '1', reason: 'mass assignment' }],
            [
              'POST',
              'forced-transfer',
              { fromHolderId: A.user.id, toHolderId: null, amount: '1', reason: 'x' },
            ],
            ['POST', 'recover', { holderId: A.user.id, newAddress: A.eth, reason: 'mass assignment' }],
            [
              'POST',
              'distributions',
              {
                basis: 'total',
                amount: '0.000001',
                currency: 'ETH',
                recordDate: deadline,
                paymentDate: deadline,
              },
            ],
            [
              'POST',
              'redemption-windows',
              {
                currency: 'ETH',
                price: '0.001',
                cap: '1',
                opensAt: deadline,
                closesAt: new Date(Date.parse(deadline) + 86_400_000).toISOString(),
              },
            ],
          ] as const
        ).map(([method, path, body]) => [
          `${method} /api/issuer/tokens/:id/${path}`,
          {
            who: X.token,
            url: `/api/issuer/tokens/${X.listedTokenId}/${path}`,
            headers: { 'idempotency-key': randomUUID() },
            body,
          },
        ]),
      ),
      'POST /api/admin/users/:userId/accreditation': {
        who: admin.token,
        url: `/api/admin/users/${B.user.id}/accreditation`,
        body: { accredited: true, reason: 'mass assignment' },
      },
      'POST /api/credentials/verify': { who: A.token, body: { cid: A.cids[0] } },
      'POST /api/credentials/shares': { who: A.token, body: { cid: A.cids[0] } },
      'POST /api/holding-credentials': { who: A.token, body: { tokenId: X.listedTokenId, threshold: '1' } },
      // The secondary market (ADR 75): an order names amount, price and expiry; a take its amount.
      'POST /api/secondary/tokens/:id/orders': {
        who: A.token,
        url: `/api/secondary/tokens/${X.listedTokenId}/orders`,
        headers: { 'idempotency-key': randomUUID() },
        body: { amount: '1', pricePerTokenWei: '1000', expiresAt: deadline },
      },
      'POST /api/secondary/orders/:orderId/take': {
        who: A.token,
        url: `/api/secondary/orders/${A.secondaryOrderId}/take`,
        headers: { 'idempotency-key': randomUUID() },
        body: { amount: '1' },
      },
      'POST /api/credentials/shared': { who: anyone, body: { token: shareTokenOf(B.share.url) } },
      'POST /api/issuer/tokens/:id/documents': {
        who: X.token,
        url: `/api/issuer/tokens/${X.listedTokenId}/documents`,
        body: { name: 'Terms', contentType: 'application/pdf', data: PDF },
      },
      // Refused before the window is looked up, so any id serves.
      'POST /api/redemptions/windows/:windowId/requests': {
        who: A.token,
        url: `/api/redemptions/windows/${randomUUID()}/requests`,
        headers: { 'idempotency-key': randomUUID() },
        body: { amount: '1' },
      },
      // Transfers (ADR 76): the body names a token, an amount and a receiver; nothing else.
      'POST /api/transfers/check': {
        who: A.token,
        body: { tokenId: X.listedTokenId, amount: '1', to: { wallet: A.linkedWallet.address } },
      },
      'POST /api/transfers': {
        who: A.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { tokenId: X.listedTokenId, amount: '1', to: { wallet: A.linkedWallet.address } },
      },
      'POST /api/tokens/:id/acknowledgements': {
        who: A.token,
        url: `/api/tokens/${X.listedTokenId}/acknowledgements`,
        body: { documentHashes: [xDocument.documentHash] },
      },
    };
    const described = json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    const inventory = new Map(t.app.routeInventory().map((r) => [`${r.method} ${r.url}`, r.policy]));
    const bodyRoutes = Object.entries(described.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const signed = bodyRoutes.filter((route) => inventory.get(route) !== 'webhook');
    expect(signed.filter((route) => !bodies[route])).toEqual([]);

    const everyone = [A, B, X, Y].map((who) => who.user.id).concat(admin.user.id);
    const snapshot = async () => ({
      owned: await Promise.all(everyone.map((id) => ownedState(t.database, id))),
      users: await t.database.db.execute(
        sql`select role, count(*)::int as n from users group by role order by role`,
      ),
    });
    const before = await snapshot();
    const mismatches: string[] = [];
    let attempts = 0;
    for (const route of signed) {
      const { who, url, headers, body } = bodies[route]!;
      const base = JSON.stringify(body);
      const proto = `{"__proto__":{"isAdmin":true,"role":"admin"}${base === '{}' ? '' : `,${base.slice(1, -1)}`}}`;
      for (const [variant, payload] of [
        ['extra properties', JSON.stringify({ ...body, ...extras })],
        ['__proto__', proto],
      ] as const) {
        const response = await t.app.inject({
          method: route.split(' ')[0] as 'POST',
          url: url ?? route.split(' ')[1]!,
          headers: { 'content-type': 'application/json', ...(who ? bearer(who) : {}), ...headers },
          payload,
        });
        attempts += 1;
        const answer = JSON.parse(response.body) as { error: string; fields?: Record<string, string> };
        // A 400 must be the extras' doing: any other field named means the base body was wrong.
        const foreign = Object.keys(answer.fields ?? {}).filter((field) => !EXTRA_KEYS.includes(field));
        const named = answer.fields || variant === '__proto__' || /Unrecognized key/.test(answer.error);
        if (response.statusCode !== 400 || foreign.length || !named)
          mismatches.push(`${route} with ${variant}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    const after = await snapshot();
    // As text: the driver's row objects are compared by their values only.
    const changes = JSON.stringify(after) === JSON.stringify(before) ? 0 : 1;
    // The suite's own process: nothing leaked onto Object.prototype.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    Object.assign(figures, {
      massAssignmentRoutes: signed.length,
      massAssignmentAttempts: attempts,
      massAssignmentMismatches: mismatches.length,
      massAssignmentChanges: changes,
    });
    expect(mismatches).toEqual([]);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
  }, 60_000);
});

describe('no answer of the whole suite leaks', () => {
  it("secrets as stored, KYC and KYB bytes, TOTP secrets, or another user's data", async () => {
    const hits: string[] = [];
    const scan = (exchange: Exchange, name: string, forms: Buffer[]) => {
      const headers = Buffer.from(exchange.headers);
      if (forms.some((form) => exchange.body.includes(form) || headers.includes(form)))
        hits.push(`${name} in ${exchange.method} ${exchange.url} (${exchange.status})`);
    };
    const never = await storedSecrets(t.database, masterKey);
    for (const who of [A, B])
      never.set(`KYC document of ${who.label}`, formsOf(who.kycDocument.subarray(6, 70)));
    // A TOTP secret is shown once, to its owner, by the enrolment answer; never again.
    const enrolments = exchanges.filter((e) => e.url === '/api/auth/two-factor/setup' && e.status === 200);
    expect(enrolments.length).toBeGreaterThan(0);
    for (const exchange of exchanges) {
      for (const [name, forms] of never) scan(exchange, name, forms);
      for (const enrolment of enrolments) {
        if (exchange === enrolment) continue;
        const secret = (JSON.parse(enrolment.body.toString()) as { secret: string }).secret;
        scan(exchange, 'TOTP secret', [Buffer.from(secret)]);
      }
    }

    // Another investor's objects and documents, to anyone but them (and an admin, for documents).
    const fingerprints = (who: Investor) => [
      who.user.id,
      who.email,
      who.did,
      ...who.addresses,
      who.sbt.id,
      who.purchaseId,
      ...who.cids,
      who.share.id,
      who.share.url,
      ...who.sessionIds,
      who.linkedWallet.id,
      who.linkedWallet.address,
      who.kybDocumentId,
      who.kybFileName,
      who.firstName,
      ...who.notificationIds,
      who.applicantId,
      ...who.tokens,
      who.refreshToken,
    ];
    let crossChecked = 0;
    for (const exchange of exchanges) {
      const caller = exchange.token ? ownerOfToken.get(exchange.token) : undefined;
      const text = Buffer.from(
        exchange.body.toString('latin1').toLowerCase() + exchange.headers.toLowerCase(),
      );
      for (const other of [A, B]) {
        if (caller === `investor ${other.label}` || caller === 'admin') continue;
        scan(exchange, `KYB document of ${other.label}`, formsOf(other.kybDocument.subarray(9, 73)));
        if (!caller || caller === `issuer X` || caller === `issuer Y`) continue;
        crossChecked += 1;
        for (const value of fingerprints(other))
          if (text.includes(Buffer.from(value.toLowerCase())))
            hits.push(
              `${other.label}'s ${value.slice(0, 24)} in ${exchange.method} ${exchange.url} to ${caller}`,
            );
      }
      for (const [owner, other] of [
        ['issuer X', Y],
        ['issuer Y', X],
      ] as const) {
        if (caller !== owner) continue;
        crossChecked += 1;
        for (const value of [other.unlistedTokenId, ...other.sessionIds, ...other.tokens, other.refreshToken])
          if (text.includes(Buffer.from(value.toLowerCase())))
            hits.push(
              `${owner === 'issuer X' ? 'Y' : 'X'}'s ${value.slice(0, 24)} in ${exchange.url} to ${caller}`,
            );
      }
    }
    // The grep sees what it looks for: each fingerprint is in some answer of the suite (its
    // owner's), and each KYB document in its owner's own download.
    const everything = Buffer.from(
      exchanges
        .map((e) => e.body.toString('latin1') + e.headers)
        .join('\n')
        .toLowerCase(),
    );
    for (const who of [A, B]) {
      expect(
        fingerprints(who).filter((value) => !everything.includes(Buffer.from(value.toLowerCase()))),
      ).toEqual([]);
      const kyb = formsOf(who.kybDocument.subarray(9, 73));
      const own = exchanges.filter((e) => ownerOfToken.get(e.token ?? '') === `investor ${who.label}`);
      expect(own.some((e) => kyb.some((form) => e.body.includes(form)))).toBe(true);
    }
    Object.assign(figures, {
      responsesScanned: exchanges.length,
      secretValuesScanned: [...never.values()].reduce((n, forms) => n + forms.length, 0),
      crossUserResponsesChecked: crossChecked,
      leaks: hits.length,
    });
    expect(exchanges.length).toBeGreaterThan(1000);
    expect(hits).toEqual([]);
  }, 120_000);
});
