import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { createTestApp, json, passKyc, register, type TestApp } from '../../test/test-app.js';
import { z } from 'zod';
import { defineJob, jobKind } from '../../jobs/queue.js';

/** ADR 40: Prometheus metrics behind their own token; probes never throttled. */
const testJob = jobKind('metrics.test', z.object({}));
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** Prometheus text format 0.0.4: comments, or `name{labels} value`. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})?) (\S+)$/.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    // Go's ParseFloat, as Prometheus reads it: NaN and Inf in any case.
    const raw = match[2]!.toLowerCase();
    const value =
      raw === 'nan'
        ? NaN
        : /^[+-]?inf$/.test(raw)
          ? raw.startsWith('-')
            ? -Infinity
            : Infinity
          : Number(raw);
    if (Number.isNaN(value) && raw !== 'nan') throw new Error(`bad value: ${line}`);
    samples.set(match[1]!, value);
  }
  return samples;
}

describe('GET /metrics', () => {
  it('answers only to its bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(json(response).error).toBe(messages.unauthenticated);
    }
    const investor = await register(t.app);
    const asUser = await scrape(`Bearer ${investor.token}`);
    expect(asUser.statusCode).toBe(401);
  });

  it('reports request latency per route pattern, the job queue and KYC webhooks, as Prometheus text', async () => {
    const investor = await register(t.app);
    await passKyc(t.app, investor);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(response.body);
    expect(
      samples.get(
        'portal_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    // Route patterns, never raw URLs with ids in them.
    expect(response.body).not.toMatch(/route="\/api\/[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(samples.get('portal_kyc_webhooks_total{outcome="applied"}')).toBeGreaterThanOrEqual(1);
    expect(response.body).toContain('# TYPE portal_jobs gauge');
    expect(response.body).toContain('# TYPE portal_job_oldest_age_seconds gauge');
    expect(samples.has('portal_process_cpu_user_seconds_total')).toBe(true);
  });

  it('counts the jobs waiting per queue, with the age of the oldest', async () => {
    const { jobs } = t.app.container;
    await jobs.stop();
    await jobs.enqueue(t.app.container.database.db, testJob, {}, { runAt: t.clock.now() });
    t.clock.advance(30_000);
    const samples = parse((await scrape(`Bearer ${TOKEN}`)).body);
    expect(samples.get('portal_jobs{queue="metrics.test",status="queued"}')).toBe(1);
    expect(samples.get('portal_job_oldest_age_seconds{queue="metrics.test",status="queued"}')).toBe(30);
  });

  it('observes each job run by queue and outcome', async () => {
    const { jobs } = t.app.container;
    jobs.register(defineJob(testJob, async () => {}));
    await jobs.drain();
    const samples = parse((await scrape(`Bearer ${TOKEN}`)).body);
    expect(samples.get('portal_job_duration_seconds_count{queue="metrics.test",outcome="done"}')).toBe(1);
  });
});

describe('without METRICS_TOKEN, at 5 API requests a minute, serving the web app', () => {
  it('/metrics answers 404, not the web app; health probes are never rate-limited, while the API is', async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'metrics-web-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Portal</title>');
    const strict = await createTestApp({ env: { RATE_LIMIT_API_PER_MINUTE: '5', WEB_DIST_DIR: web } });
    try {
      const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => strict.app.inject({ method, url });
      // The web app answers its own routes, so a 404 below is the metrics route's, not a missing page's.
      expect((await get('/dashboard')).headers['content-type']).toMatch(/^text\/html/);
      const metrics = await get('/metrics');
      expect(metrics.statusCode).toBe(404);
      expect(json(metrics)).toMatchObject({ success: false, error: messages.notFound });
      expect((await get('/metrics?format=text')).statusCode).toBe(404);
      expect((await get('/metrics', 'HEAD')).statusCode).toBe(404);
      for (let i = 0; i < 12; i++) {
        expect((await get('/api/health')).statusCode).toBe(200);
        expect((await get('/api/ready')).statusCode).toBe(200);
      }
      const codes = [];
      for (let i = 0; i < 8; i++) codes.push((await get('/api/auth/profile')).statusCode);
      expect(codes).toContain(429);
    } finally {
      await strict.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
