import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

let server: SMTPServer;
let t: TestApp;
const inbox: Received[] = [];
let onMail: (() => void) | undefined;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString(),
        });
        onMail?.();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Portal <portal@example.com>' },
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP mail transport', () => {
  it('delivers the password-reset mail to a real SMTP server, with a link built from PUBLIC_URL', async () => {
    const account = await register(t.app);
    const delivered = new Promise<void>((resolve) => (onMail = resolve));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    });
    expect(response.statusCode).toBe(200);
    await delivered;
    const mail = inbox.find((m) => m.to.includes(account.email));
    expect(mail?.from).toBe('portal@example.com');
    expect(mail?.data).toContain('Subject: Reset your Investor Portal password');
    expect(mail?.data.replace(/=\r?\n/g, '')).toContain(`${TEST_PUBLIC_URL}/reset-password#token=`);
    // With SMTP configured nothing is kept in the embedded outbox.
    expect(await t.app.container.outbox.list(10)).toEqual([]);
  });
});
