import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** The administrator the global setup creates before the server starts. */
export const ADMIN = { email: 'ada.admin@portal.test', name: 'Ada Admin', password: 'admin-secret-42' };

export const PASSWORD = 'correct-horse-7';

export function baseUrl(): string {
  const url = process.env.PORTAL_E2E_URL;
  if (!url) throw new Error('PORTAL_E2E_URL is not set: run through playwright.config.ts (global setup)');
  return url;
}

/** A fresh address per test, so tests never share accounts. */
export function uniqueEmail(label: string): string {
  return `${label}.${randomUUID().slice(0, 8)}@portal.test`;
}

async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Registers an account through the API (bearer session), e.g. an issuer the investor app refuses. */
export async function registerAccount(input: {
  name: string;
  email: string;
  password?: string;
  role?: string;
  organisationName?: string;
}) {
  return call<{ token: string; user: { id: string; role: string } }>('/auth/register', {
    body: { password: PASSWORD, ...input },
  });
}

/** An administrator gives the account a role through the admin API: granting issuer approves it (ADR 55). */
export async function grantRole(userId: string, role: 'admin' | 'issuer' | 'investor') {
  const token = await signInWithApi(ADMIN.email, ADMIN.password);
  await call(`/admin/users/${userId}/role`, { token, body: { role } });
}

/** An issuer allowed to deploy at once: an investor account an administrator made an issuer. */
export async function approvedIssuer(input: { name: string; email: string }) {
  const account = await registerAccount(input);
  await grantRole(account.user.id, 'issuer');
  return account;
}

export async function signInWithApi(email: string, password: string): Promise<string> {
  return (await call<{ token: string }>('/auth/login', { body: { email, password } })).token;
}

export async function changePasswordWithApi(token: string, currentPassword: string, newPassword: string) {
  await call('/auth/change-password', {
    token,
    body: { currentPassword, newPassword, confirmPassword: newPassword },
  });
}

/**
 * The newest e-mail the portal "sent" to this address: the admin outbox names it (metadata only),
 * the embedded transport's file under DATA_DIR/mail holds it.
 */
export async function latestMailTo(to: string): Promise<{ subject: string; text: string }> {
  const token = await signInWithApi(ADMIN.email, ADMIN.password);
  const { messages } = await call<{ messages: Array<{ id: string; to: string; subject: string }> }>(
    '/admin/outbox?limit=50',
    { token },
  );
  const mail = messages.find((message) => message.to === to);
  if (!mail) throw new Error(`no e-mail to ${to} in the outbox`);
  const file = path.join(process.env.PORTAL_E2E_DATA_DIR!, 'mail', `${mail.id}.eml`);
  return { subject: mail.subject, text: readFileSync(file, 'utf8') };
}
