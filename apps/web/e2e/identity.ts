import { expect, type Page } from '@playwright/test';
import { PASSWORD, baseUrl, registerAccount, uniqueEmail } from './portal';

type Call = <T = unknown>(path: string, body?: unknown) => Promise<T>;

interface SbtAnswer {
  sbt: { id: string; status: string; vcCid: string; vcUrl: string };
}

/** The API as `email`, with a bearer session. */
export async function apiAs(email: string): Promise<Call> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer as T;
  };
}

/** A new investor with a vault (made through the API: the vault screens have their own tests). */
export async function investorWithVault(label: string): Promise<{ email: string; call: Call }> {
  const email = uniqueEmail(label);
  await registerAccount({ name: 'Sofia Bauer', email, role: 'investor' });
  const call = await apiAs(email);
  await call('/vault/create', {});
  return { email, call };
}

/** A new investor with a vault, a DID and a minted SBT, and so a credential on IPFS. */
export async function investorWithSbt(label: string) {
  const investor = await investorWithVault(label);
  const { call } = investor;
  const { didMetadata } = await call<{ didMetadata: { did: string } }>('/did/start', {});
  const { sbt } = await call<SbtAnswer>('/sbt/create', { selectedImageId: 'nebula' });
  await call('/sbt/mint', { sbtId: sbt.id });
  await expect
    .poll(async () => (await call<SbtAnswer>(`/sbt/status/${sbt.id}`)).sbt.status, { timeout: 60_000 })
    .toBe('minted');
  const { sbt: minted } = await call<SbtAnswer>(`/sbt/status/${sbt.id}`);
  return { ...investor, did: didMetadata.did, vcCid: minted.vcCid, vcUrl: minted.vcUrl };
}

/** Console errors, page errors and CSP violations of `page`, collected for a final check. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  void page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return problems;
}
