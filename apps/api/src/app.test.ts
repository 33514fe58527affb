import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { bearer, createAdmin, createTestApp, json, register, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configure(app) {
      app.get('/api/test/boom', { config: { policy: 'public' } }, async () => {
        throw new Error('database password is hunter2 at /srv/app/secret.ts:42');
      });
    },
  });
});
afterAll(() => t.close());

describe('route policies (deny by default)', () => {
  it('every route declares a policy', () => {
    const routes = t.app.routeInventory();
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((route) => !route.policy)).toEqual([]);
  });

  it('a route without a policy stops the server from starting', async () => {
    await expect(
      createTestApp({
        configure(app) {
          app.get('/api/test/forgotten', async () => ({ ok: true }));
        },
      }),
    ).rejects.toThrow('Routes without a policy: GET /api/test/forgotten');
  });

  it('every role-protected route refuses anonymous callers with 401 and the wrong role with 403', async () => {
    const investor = await register(t.app);
    const admin = await createAdmin(t.app);
    const protectedRoutes = t.app.routeInventory().filter((route) => Array.isArray(route.policy));
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
      const method = route.method as 'GET' | 'POST';
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const roles = route.policy as readonly string[];
      const outsider = !roles.includes('investor') ? investor : !roles.includes('admin') ? admin : undefined;
      if (outsider) {
        const denied = await t.app.inject({ method, url, headers: bearer(outsider.token) });
        expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
  });
});

describe('HTTP hygiene', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ success: false, error: messages.notFound, code: 'NOT_FOUND' });
  });

  it('refuses non-JSON bodies with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: 'email=a@b.c&password=secret1',
      });
      expect(response.statusCode, type).toBe(415);
      expect(json(response)).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: messages.unsupportedMediaType,
      });
    }
  });

  it('refuses bodies over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(t.config.bodyLimit) }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('refuses prototype pollution attempts', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"secret1","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('never leaks internals from a crash: generic message, request id, detail in the log only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({
      success: false,
      error: messages.internalError,
      code: 'INTERNAL',
      requestId: 'req-12345678',
    });
    expect(response.headers['x-request-id']).toBe('req-12345678');
    expect(t.logs.some((line) => line.includes('hunter2'))).toBe(true);
  });

  it('replaces a malformed incoming request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nINJECTED' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers and no-store on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('health, readiness and documentation', () => {
  it('reports liveness and readiness with the database kind', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: '/api/health' }))).toEqual({
      success: true,
      status: 'ok',
    });
    expect(json(await t.app.inject({ method: 'GET', url: '/api/ready' }))).toEqual({
      success: true,
      status: 'ready',
      database: t.database.kind,
    });
  });

  it('publishes OpenAPI 3.1 generated from the zod schemas, and a UI', async () => {
    const spec = json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/profile']),
    );
    expect(JSON.stringify(spec.paths['/api/auth/register']?.post?.requestBody)).toContain('RegisterRequest');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or cookies', async () => {
    const account = await register(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: account.refreshToken },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { ...bearer(account.token), cookie: 'a=b' },
    });
    const all = t.logs.join('\n');
    expect(all).not.toContain(account.password);
    expect(all).not.toContain(account.token);
    expect(all).not.toContain(account.refreshToken);
    expect(all).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ/);
  });
});
