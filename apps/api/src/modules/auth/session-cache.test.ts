import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { MasterKey } from '../../secrets/envelope.js';
import { bearer, createTestApp, register, type TestApp } from '../../test/test-app.js';
import { SessionCache, type LiveSession } from './session-cache.js';

const now = new Date('2026-01-01T00:00:00Z');
const session = (id: string, userId = 'u1'): LiveSession => ({
  sessionId: id,
  userId,
  role: 'investor',
  absoluteExpiresAt: new Date(now.getTime() + 60_000),
});

describe('SessionCache', () => {
  const subscribed = () => {
    const cache = new SessionCache();
    cache.live(true);
    return cache;
  };

  it('keeps nothing until its subscription is live, and drops everything when it is lost', () => {
    const cache = new SessionCache();
    cache.put(session('a'), cache.mark());
    expect(cache.get('a', now)).toBeUndefined();
    cache.live(true);
    cache.put(session('a'), cache.mark());
    expect(cache.get('a', now)?.userId).toBe('u1');
    cache.live(false);
    expect(cache.get('a', now)).toBeUndefined();
    cache.put(session('a'), cache.mark());
    expect(cache.get('a', now)).toBeUndefined();
  });

  it("drops a session on its notification, and every session of a user on the user's", () => {
    const cache = subscribed();
    for (const s of [session('a'), session('b'), session('c', 'u2')]) cache.put(s, cache.mark());
    cache.message('s:a');
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('b', now)).toBeDefined();
    cache.message('u:u1');
    expect(cache.get('b', now)).toBeUndefined();
    expect(cache.get('c', now)).toBeDefined();
  });

  it('does not keep a read that raced with a notification', () => {
    const cache = subscribed();
    const mark = cache.mark();
    cache.message('s:a'); // the session changed while it was being read
    cache.put(session('a'), mark);
    expect(cache.get('a', now)).toBeUndefined();
  });

  it('is told by its own process of a revocation, before any notification, and keeps no read begun before', () => {
    const cache = subscribed();
    for (const s of [session('a'), session('b'), session('c', 'u2')]) cache.put(s, cache.mark());
    const mark = cache.mark();
    cache.forget('a');
    cache.put(session('a'), mark);
    expect(cache.get('a', now)).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.get('b', now)).toBeUndefined();
    expect(cache.get('c', now)).toBeDefined();
  });

  it('forgets a session at its absolute expiry', () => {
    const cache = subscribed();
    cache.put(session('a'), cache.mark());
    expect(cache.get('a', new Date(now.getTime() + 60_000))).toBeUndefined();
  });
});

describe('a session revoked by another process', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const masterKey = new MasterKey(randomBytes(32));
    a = await createTestApp({ overrides: { masterKey } });
    b = await createTestApp({ overrides: { masterKey }, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });
  const profile = (t: TestApp, token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });

  it('is refused by a process that had it in memory', async () => {
    const account = await register(a.app);
    expect((await profile(b, account.token)).statusCode).toBe(200);
    expect((await profile(b, account.token)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(account.token),
    });
    expect(out.statusCode).toBe(200);
    // PostgreSQL delivers the notification on b's own connection, a moment after a's commit.
    await vi.waitFor(async () => expect((await profile(b, account.token)).statusCode).toBe(401));
  });

  it('is refused after a revocation written straight to the database (any writer)', async () => {
    const account = await register(a.app);
    expect((await profile(b, account.token)).statusCode).toBe(200);
    await a.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, account.user.id));
    await vi.waitFor(async () => expect((await profile(b, account.token)).statusCode).toBe(401));
    expect((await profile(a, account.token)).statusCode).toBe(401);
  });
});
