/**
 * Crash points for the kill -9 tests (ADR 48, evidence/crash.test.ts). With FAULT_AT=<point>
 * the process SIGKILLs itself when execution reaches that point: no shutdown, no flush, exactly
 * what a power cut leaves behind. Unset (always in production, see config.ts) it does nothing.
 */
export const FAULT_POINTS = [
  // A purchase's reservation, job and Idempotency-Key committed; settlement not started.
  'purchase.reserved',
  // The delivering chain transaction sent; its hash not recorded, the job not done.
  'purchase.sent',
  // The SBT mint transaction sent; its hash not recorded.
  'sbt.mint.sent',
  // The SBT burn transaction sent; its hash not recorded, the SBT not marked revoked.
  'sbt.revoke.sent',
  // A distribution's payment batch sent (and its hash journaled); not recorded as paid.
  'distribution.batch.sent',
  // A redemption request's tokens and payment sent at its window's settlement; not recorded settled.
  'redemption.settle.sent',
  // A secondary market fill's swap sent (its transaction journaled by key); the fill not recorded settled.
  'secondary.fill.sent',
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];
export type Fault = (point: FaultPoint) => void;

export function faultAt(configured: FaultPoint | undefined): Fault {
  return (point) => {
    if (point === configured) process.kill(process.pid, 'SIGKILL');
  };
}
