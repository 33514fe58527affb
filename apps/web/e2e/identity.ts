import { expect, type Page } from '@playwright/test';
import { PASSWORD, baseUrl, registerAccount, uniqueEmail } from './portal';

type Call = <T = unknown>(path: string, body?: unknown) => Promise<T>;

interface SbtAnswer {
  sbt: { id: string; status: string; vcCid: string; vcUrl: string };
}

/**
 * Fills and sends a sign-in form (the investor's at /login, the issuer console's at
 * /issuer/login). By field names, not labels: it works in every language.
 */
export async function submitSignIn(page: Page, email: string, at = '/login') {
  await page.goto(at);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
}

/** Signs `email` in on the investor sign-in page and waits for the dashboard. */
export async function signIn(page: Page, email: string) {
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The API as `email`, with a bearer session. */
export async function apiAs(email: string): Promise<Call> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer as T;
  };
  return call;
}

/** What the test investors tell the KYC form. */
export const APPLICANT = {
  firstName: 'Sofia',
  lastName: 'Bauer',
  dob: '1990-12-10',
  country: 'DEU',
  idDocType: 'PASSPORT',
  number: 'C01X00T47',
};

/**
 * Passes KYC through the embedded sandbox's page API, as its verification page does (the KYC
 * screens have their own tests); auto-approve is on in the e2e server.
 */
export async function passKyc(call: Call): Promise<void> {
  const { token } = await call<{ token: string }>('/kyc/token', {});
  const page = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl()}/websdk/api${path}`, {
      method: 'POST',
      headers: { 'x-access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  };
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.alloc(256, 7)]);
  await page('/applicant/document', { contentType: 'image/jpeg', data: jpeg.toString('base64') });
  await page('/applicant/submit', APPLICANT);
  await expect
    .poll(async () => (await call<{ status: string }>('/kyc/verification-status')).status)
    .toBe('verified');
}

/** A new investor with a vault (made through the API: the vault screens have their own tests). */
export async function investorWithVault(label: string): Promise<{ email: string; call: Call }> {
  const email = uniqueEmail(label);
  await registerAccount({ name: 'Sofia Bauer', email, role: 'investor' });
  const call = await apiAs(email);
  await call('/vault/create', {});
  return { email, call };
}

/** A new verified investor with a vault, a DID and a minted SBT, and so a private credential. */
export async function investorWithSbt(label: string) {
  const investor = await investorWithVault(label);
  const { call } = investor;
  await passKyc(call);
  const { didMetadata } = await call<{ didMetadata: { did: string } }>('/did/start', {});
  const { sbt } = await call<SbtAnswer>('/sbt/create', { selectedImageId: 'nebula' });
  await call('/sbt/mint', { sbtId: sbt.id });
  await expect
    .poll(async () => (await call<SbtAnswer>(`/sbt/status/${sbt.id}`)).sbt.status, { timeout: 60_000 })
    .toBe('minted');
  const { sbt: minted } = await call<SbtAnswer>(`/sbt/status/${sbt.id}`);
  const user = (await call<{ user: { id: string } }>('/auth/profile')).user;
  return { ...investor, userId: user.id, did: didMetadata.did, vcCid: minted.vcCid, vcUrl: minted.vcUrl };
}

/** Console errors and page errors of `page`, collected for a final check (CSP: fixtures.ts). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** A new investor who may buy: a vault (auto-fuelled), verified KYC and a DID. */
export async function buyer(label: string): Promise<{ email: string; call: Call; did: string }> {
  const investor = await investorWithVault(label);
  await passKyc(investor.call);
  const { didMetadata } = await investor.call<{ didMetadata: { did: string } }>('/did/start', {});
  return { ...investor, did: didMetadata.did };
}
