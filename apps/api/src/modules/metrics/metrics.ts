import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Jobs waiting or running, per queue and status, with the oldest one's due time. */
export interface Backlog {
  queue: string;
  status: 'queued' | 'running';
  count: number;
  oldestRunAt: Date;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SLOW_SECONDS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/**
 * What an operator watches (ADR 40), in Prometheus' text format: request latency per
 * route, the job queue's depth and age (read from the database at scrape time, so every process
 * reports the same shared queue), how long jobs, settlements and chain sends take or fail, and what
 * became of KYC webhooks. Services report through the small methods below, never prom-client.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status_code'>;
  private readonly jobs: Histogram<'queue' | 'outcome'>;
  private readonly purchases: Histogram<'status'>;
  private readonly chainFailures: Counter<'chain' | 'code'>;
  private readonly kyc: Counter<'outcome'>;

  constructor(backlog: () => Promise<Backlog[]>, now: () => Date) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'portal_' });
    this.http = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: SECONDS,
      registers,
    });
    this.jobs = new Histogram({
      name: 'portal_job_duration_seconds',
      help: 'Job runs by queue and outcome (done, retry, failed); sbt.mint is the SBT mint.',
      labelNames: ['queue', 'outcome'],
      buckets: SLOW_SECONDS,
      registers,
    });
    this.purchases = new Histogram({
      name: 'portal_purchase_settlement_seconds',
      help: 'From the purchase request to its final status (COMPLETED or FAILED).',
      labelNames: ['status'],
      buckets: SLOW_SECONDS,
      registers,
    });
    this.chainFailures = new Counter({
      name: 'portal_chain_send_failures_total',
      help: 'Transactions refused by a node or reverted, by chain id and reason.',
      labelNames: ['chain', 'code'],
      registers,
    });
    this.kyc = new Counter({
      name: 'portal_kyc_webhooks_total',
      help: 'KYC webhooks by outcome (applied, duplicate, stale, ignored, unknown_applicant, rejected).',
      labelNames: ['outcome'],
      registers,
    });
    // Both gauges from one query per scrape: the registry collects them at the same time.
    let reading: Promise<Backlog[]> | undefined;
    const read = () => (reading ??= backlog().finally(() => (reading = undefined)));
    new Gauge({
      name: 'portal_jobs',
      help: 'Jobs queued or running, by queue and status.',
      labelNames: ['queue', 'status'],
      registers,
      async collect() {
        this.reset();
        for (const row of await read()) this.set({ queue: row.queue, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'portal_job_oldest_age_seconds',
      help: 'How long the oldest due job of each queue and status has waited.',
      labelNames: ['queue', 'status'],
      registers,
      async collect() {
        this.reset();
        const at = now().getTime();
        for (const row of await read()) {
          this.set(
            { queue: row.queue, status: row.status },
            Math.max(0, (at - row.oldestRunAt.getTime()) / 1000),
          );
        }
      },
    });
  }

  httpRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.http.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  jobRan(queue: string, outcome: 'done' | 'retry' | 'failed', seconds: number): void {
    this.jobs.observe({ queue, outcome }, seconds);
  }

  purchaseFinished(status: 'COMPLETED' | 'FAILED', seconds: number): void {
    this.purchases.observe({ status }, seconds);
  }

  chainSendFailed(chainId: number, code: string): void {
    this.chainFailures.inc({ chain: String(chainId), code });
  }

  kycWebhook(outcome: string): void {
    this.kyc.inc({ outcome });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
