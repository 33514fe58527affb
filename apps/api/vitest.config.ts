import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared.ts';

/**
 * The suites whose outcome depends on the database (ADR 60). Every suite runs on PGlite; with
 * API_SUITES=postgres (`npm run test:pg`) only these run again on PostgreSQL. PGlite is
 * PostgreSQL's own engine in one process, so SQL behaves alike; what differs is real concurrency
 * (PGlite has one connection), row locks, notifications between processes, the driver and crashes.
 */
export const postgresSuites = [
  // Evidence whose figures the scorecard prints per database: access control, money, crash, secrets.
  'src/evidence/{access-control,money,crash,secrets}.test.ts',
  // Several API processes and workers, kill -9 during settlement.
  'src/multi-process.test.ts',
  'src/settlement-crash.test.ts',
  // SKIP LOCKED, leases, notified workers, housekeeping deletes.
  'src/jobs/*.test.ts',
  // Oversell, idempotency and batched reservations under concurrent requests.
  'src/modules/purchases/*.test.ts',
  // The holders' books, in-flight purchases counted against caps, one pending action per token.
  'src/modules/compliance/compliance.test.ts',
  // The trigram index and the search SQL.
  'src/modules/marketplace/marketplace.test.ts',
  // Caches dropped by notifications from another process.
  'src/modules/auth/session-cache.test.ts',
  'src/modules/users/profile-cache.test.ts',
  'src/modules/notifications/notifications.test.ts',
  // Nonces of concurrent senders, also across processes; concurrent registration of one address.
  'src/**/keyed-sender.test.ts',
  'src/modules/auth/auth.register.test.ts',
  // The faucet's daily limit counted in one row under racing requests (ADR 70).
  'src/modules/faucet/faucet.concurrency.test.ts',
  // Offering documents: one operation per name (a partial unique index), the acknowledgement checked
  // before a purchase reserves anything (ADR 73).
  'src/modules/offering-documents/offering-documents.test.ts',
  // Holding credentials revoked in the transaction of the decrease; issuance re-checks with the rows locked (ADR 74).
  'src/modules/holding-credentials/holding-credentials.test.ts',
  // Secondary market: racing takers fill exactly an order's amount; orders, fills, expiry and reconcile (ADR 75).
  'src/modules/secondary-market/*.test.ts',
  // Redemptions: racing requests never lock more than the free balance, settlement resumes (ADR 72).
  'src/modules/redemptions/*.test.ts',
  'src/modules/transfers/*.test.ts',
  // Distributions: keyed batches, a resume after a crash pays nobody twice (ADR 71).
  'src/modules/distributions/*.test.ts',
];

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'api',
    environment: 'node',
    include: process.env.API_SUITES === 'postgres' ? postgresSuites : ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files share a worker's loaded modules instead of importing the whole API again per
    // file: half the project's CPU time (ADR 60). Each file builds its own app, database and
    // chains, and no API test replaces a module.
    isolate: false,
  },
});
