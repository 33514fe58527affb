/**
 * Load from a second process (autocannon's command line), so the load generator does not share
 * the measured server's event loop: the same for the baseline and for the portal.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const run = promisify(execFile);

/** The parts of autocannon's JSON result the benches read. */
export interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '5xx': number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Requests per second over all connections (open loop); unset, as fast as the server answers. */
  rate?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Returns autocannon's result for `url` under `connections` for `seconds`: as fast as the server
 * answers, or at a fixed `rate` of requests per second over all connections (open loop, so a slow
 * answer shows in the latency instead of slowing the load).
 */
export async function load(
  url: string,
  { connections, seconds, rate, method = 'GET', headers = {}, body }: LoadOptions,
): Promise<LoadResult> {
  const args = [cli, '--json', '-c', String(connections), '-d', String(seconds), '-m', method];
  if (rate) args.push('-R', String(rate));
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (body !== undefined) args.push('-b', body);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as LoadResult;
}
