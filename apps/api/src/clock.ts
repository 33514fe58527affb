/** Time comes from here so tests can move it (grace windows, expiries, rate-limit windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
