import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { MarketplaceListing } from '@portal/shared/marketplace';
import type { Purchase, PurchaseResponse } from '@portal/shared/purchases';
import { eventually } from './issuance.js';
import type { Portal } from './test-app.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs one of the API's entry points (server.ts, reconcile-cli.ts…) from source, as its own
 * process; `input` is written to its standard input (admin-cli.ts reads the password there).
 */
export function runEntry(
  entry: string,
  env: Record<string, string>,
  stdout: 'pipe' | 'ignore' = 'ignore',
  options: { args?: string[]; input?: string } = {},
) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(src, entry), ...(options.args ?? [])],
    {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', stdout, 'pipe'],
    },
  );
  if (options.input !== undefined) child.stdin!.end(options.input);
  return child;
}

export interface PortalProcess {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts the portal (src/server.ts) on PORT or a free port and waits until /api/health answers. */
export async function startPortal(env: Record<string, string>): Promise<PortalProcess> {
  const port = env.PORT ?? String(await freePort());
  const base = `http://127.0.0.1:${port}`;
  const child = runEntry('server.ts', {
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    SEED_DEMO: 'false',
    RATE_LIMIT_API_PER_MINUTE: '100000',
    RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '100000',
    ...env,
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Minutes, not seconds: a restart replays the chains' journals, and a loaded machine took over
  // a minute (a slow start is not what these tests judge).
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, exited };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the portal did not start (exit code ${child.exitCode}): ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** JSON over HTTP to a portal process, with an optional bearer token. */
export async function request<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/**
 * A portal process seen through `inject`, so the in-process helpers (register, passKyc,
 * verifiedInvestor…) drive it over real HTTP.
 */
export function remotePortal(base: string): Portal {
  const inject = async (options: InjectOptions) => {
    const payload = options.payload;
    const response = await fetch(`${base}${String(options.url)}`, {
      method: options.method ?? 'GET',
      headers: {
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.headers as Record<string, string>),
      },
      ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      payload: body,
      json: () => JSON.parse(body) as unknown,
    } as unknown as LightMyRequestResponse;
  };
  return { inject } as unknown as Portal;
}

/**
 * The demo market's two escrows, open, once the portal at `base` has seeded them: SOLAR (an SPL
 * token paid for on Ethereum, delivered on Solana; SEQP is for accredited investors only) and HVAPT
 * (an ERC-20).
 */
export async function demoEscrows(
  base: string,
  buyer: { token: string },
  timeoutMs: number,
): Promise<{ spl: MarketplaceListing; erc20: MarketplaceListing }> {
  const open = (all: MarketplaceListing[], symbol: string) =>
    all.find((l) => l.token.symbol === symbol && l.kind === 'escrow' && l.available);
  const all = await eventually(
    async () =>
      (
        await request<{ data: { listings: MarketplaceListing[] } }>(
          base,
          'GET',
          '/api/escrow/marketplace?limit=100',
          { token: buyer.token },
        )
      ).body.data.listings,
    (listings) => Boolean(open(listings, 'SOLAR') && open(listings, 'HVAPT')),
    'the demo market',
    timeoutMs,
  );
  return { spl: open(all, 'SOLAR')!, erc20: open(all, 'HVAPT')! };
}

/** The buyer's purchases `ids` as the portal at `base` answers them, in the same order. */
export function purchasesOf(base: string, buyer: { token: string }, ids: string[]): Promise<Purchase[]> {
  return Promise.all(
    ids.map(
      async (id) =>
        (await request<PurchaseResponse>(base, 'GET', `/api/token-purchases/${id}`, { token: buyer.token }))
          .body.data.purchase,
    ),
  );
}
