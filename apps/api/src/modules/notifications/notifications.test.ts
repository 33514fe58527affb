import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationsResponse } from '@portal/shared/notifications';
import {
  bearer,
  callApi,
  createTestApp,
  json,
  outboxFor,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (who: Registered) =>
  json<NotificationsResponse>(await callApi(t.app, 'GET', '/api/notifications', who));

const outbox = (email: string) => outboxFor(t.app, email);

describe('notifications', () => {
  it('lists a user’s notifications newest first with an unread count; mark-as-read is per user', async () => {
    const who = await register(t.app);
    const other = await register(t.app);
    const { notify } = t.app.container.notifications;
    await notify(who.user.id, 'kyc.verified');
    t.clock.advance(1000);
    await notify(who.user.id, 'sbt.minted', { sbtId: 'x' });
    await notify(other.user.id, 'vault.created');
    const mine = await list(who);
    expect(mine.unread).toBe(2);
    expect(mine.notifications.map((n) => n.type)).toEqual(['sbt.minted', 'kyc.verified']);
    const [newest] = mine.notifications as [Notification];
    // Another user's id changes nothing.
    const foreign = (await list(other)).notifications[0]!.id;
    await callApi(t.app, 'POST', '/api/notifications/read', who, { ids: [foreign] });
    expect((await list(other)).unread).toBe(1);
    const one = await callApi(t.app, 'POST', '/api/notifications/read', who, { ids: [newest.id] });
    expect(json<NotificationsResponse>(one).unread).toBe(1);
    const all = await callApi(t.app, 'POST', '/api/notifications/read', who);
    expect(json<NotificationsResponse>(all)).toMatchObject({ unread: 0 });
    expect((await callApi(t.app, 'GET', '/api/notifications')).statusCode).toBe(401);
  });

  it('honours the switches: Email mails, Wallet governs vault/SBT/purchase events', async () => {
    const who = await register(t.app);
    const { notify } = t.app.container.notifications;
    await notify(who.user.id, 'vault.created');
    expect((await outbox(who.email)).map((m) => m.subject)).toEqual(['Your vault is ready']);
    await callApi(t.app, 'POST', '/api/settings/preferences', who, {
      notifyEmail: false,
      notifyWallet: false,
    });
    await notify(who.user.id, 'sbt.minted');
    t.clock.advance(1000);
    await notify(who.user.id, 'kyc.verified');
    expect((await list(who)).notifications.map((n) => n.type)).toEqual(['kyc.verified', 'vault.created']);
    expect(await outbox(who.email)).toHaveLength(1);
  });

  it('a new vault notifies its owner', async () => {
    const who = await register(t.app);
    const created = await callApi(t.app, 'POST', '/api/vault/create', who, { autoFuel: false });
    expect(created.statusCode).toBe(201);
    expect((await list(who)).notifications.map((n) => n.type)).toEqual(['vault.created']);
  });

  it('pushes notifications live over server-sent events to the signed-in user only', async () => {
    const who = await register(t.app);
    const other = await register(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const refused = await fetch(`${address}/api/events`);
    expect(refused.status).toBe(401);
    const abort = new AbortController();
    const stream = await fetch(`${address}/api/events`, { headers: bearer(who.token), signal: abort.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += value;
      }
    };
    await until('event: ready');
    await t.app.container.notifications.notify(other.user.id, 'vault.created');
    t.app.container.hub.publish(who.user.id, 'purchase.progress', { step: 'paid' });
    await t.app.container.notifications.notify(who.user.id, 'kyc.verified');
    await until('event: notification');

    expect(text).toContain('event: purchase.progress\ndata: {"step":"paid"}');
    const data = /event: notification\ndata: (.*)\n/.exec(text)![1]!;
    expect(JSON.parse(data)).toMatchObject({ type: 'kyc.verified', read: false });
    expect(text).not.toContain('vault.created');
    abort.abort();
    await reader.cancel().catch(() => undefined);
  });
});
