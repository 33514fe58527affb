import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationsResponse } from '@portal/shared/notifications';
import { MAX_STREAMS_PER_USER } from './event-hub.js';
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

  describe('streams end with their session', () => {
    let address: string;
    beforeAll(async () => {
      address = t.app.server.listening
        ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
        : await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /** Opens /api/events; `ended` settles with the time the server closed the stream. */
    const open = async (token: string) => {
      const response = await fetch(`${address}/api/events`, { headers: bearer(token) });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const ended = (async () => {
        while (!(await reader.read()).done);
        return Date.now();
      })();
      return { ended, cancel: () => reader.cancel().catch(() => undefined) };
    };
    const within = <T>(promise: Promise<T>, ms: number) =>
      Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(resolve, ms, 'still open'))]);

    it('closes the stream within a second of logout, and of a revocation from another device', async () => {
      const who = await register(t.app);
      const stream = await open(who.token);
      expect(await within(stream.ended, 300)).toBe('still open');
      const loggedOut = Date.now();
      await callApi(t.app, 'POST', '/api/auth/logout', who);
      expect(await within(stream.ended, 1000)).toBeLessThanOrEqual(loggedOut + 1000);

      const phone = await register(t.app);
      const laptop = json<{ token: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: phone.email, password: phone.password },
        }),
      );
      const onPhone = await open(phone.token);
      const onLaptop = await open(laptop.token);
      await callApi(t.app, 'POST', '/api/auth/sessions/revoke-others', { token: laptop.token });
      expect(typeof (await within(onPhone.ended, 1000))).toBe('number');
      // The session that asked stays signed in, and so does its stream.
      expect(await within(onLaptop.ended, 300)).toBe('still open');
      await onLaptop.cancel();
    });

    it(`keeps at most ${MAX_STREAMS_PER_USER} streams per user, closing the oldest`, async () => {
      const who = await register(t.app);
      const streams = [];
      for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) streams.push(await open(who.token));
      expect(await within(streams[0]!.ended, 200)).toBe('still open');
      const newest = await open(who.token);
      expect(typeof (await within(streams[0]!.ended, 1000))).toBe('number');
      expect(await within(streams[1]!.ended, 200)).toBe('still open');
      for (const stream of [...streams.slice(1), newest]) await stream.cancel();
    });
  });
});
