import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { bearer, useTestAppPair, register, type TestApp } from '../../test/test-app.js';
import { SessionCache, type LiveSession } from './session-cache.js';

const now = new Date('2026-01-01T00:00:00Z');
const session = (id: string, userId = 'u1'): LiveSession => ({
  sessionId: id,
  userId,
  role: 'investor',
  absoluteExpiresAt: new Date(now.getTime() + 60_000),
  lastUsedAt: now,
});

describe('SessionCache', () => {
  const subscribed = () => {
    const cache = new SessionCache();
    cache.live(true);
    return cache;
  };

  it('keeps nothing until its subscription is live, and drops everything when it is lost', () => {
    const cache = new SessionCache();
    cache.put('a', session('a'), cache.mark());
    expect(cache.getLive('a', now)).toBeUndefined();
    cache.live(true);
    cache.put('a', session('a'), cache.mark());
    expect(cache.getLive('a', now)?.userId).toBe('u1');
    cache.live(false);
    expect(cache.getLive('a', now)).toBeUndefined();
    cache.put('a', session('a'), cache.mark());
    expect(cache.getLive('a', now)).toBeUndefined();
  });

  it("drops a session on its notification, and every session of a user on the user's", () => {
    const cache = subscribed();
    for (const s of [session('a'), session('b'), session('c', 'u2')]) cache.put(s.sessionId, s, cache.mark());
    cache.message('s:a');
    expect(cache.getLive('a', now)).toBeUndefined();
    expect(cache.getLive('b', now)).toBeDefined();
    cache.message('u:u1');
    expect(cache.getLive('b', now)).toBeUndefined();
    expect(cache.getLive('c', now)).toBeDefined();
  });

  it('does not keep a read that raced with a notification', () => {
    const cache = subscribed();
    const mark = cache.mark();
    cache.message('s:a'); // the session changed while it was being read
    cache.put('a', session('a'), mark);
    expect(cache.getLive('a', now)).toBeUndefined();
  });

  it('is told by its own process of a revocation, before any notification, and keeps no read begun before', () => {
    const cache = subscribed();
    for (const s of [session('a'), session('b'), session('c', 'u2')]) cache.put(s.sessionId, s, cache.mark());
    const mark = cache.mark();
    cache.forget('a');
    cache.put('a', session('a'), mark);
    expect(cache.getLive('a', now)).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.getLive('b', now)).toBeUndefined();
    expect(cache.getLive('c', now)).toBeDefined();
  });

  it('forgets a session at its absolute expiry', () => {
    const cache = subscribed();
    cache.put('a', session('a'), cache.mark());
    expect(cache.getLive('a', new Date(now.getTime() + 60_000))).toBeUndefined();
  });
});

describe('a session revoked by another process', () => {
  const pair = useTestAppPair();
  const profile = (t: TestApp, token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });

  it('is refused by a process that had it in memory', async () => {
    const { a, b } = pair;
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
    const { a, b } = pair;
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
