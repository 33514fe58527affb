import { describe, expect, it } from 'vitest';
import { MISSED_EVENT_MS, settlingPollMs } from './purchase-events';

describe('settlingPollMs', () => {
  it('stops asking once everything is settled', () => {
    expect(settlingPollMs(false, 1000, true)).toBe(false);
    expect(settlingPollMs(false, 1000, false)).toBe(false);
  });

  it('asks at its own pace without live events, and still now and then with them', () => {
    expect(settlingPollMs(true, 1000, false)).toBe(1000);
    // A lost event must not leave a purchase shown as settling for ever.
    expect(settlingPollMs(true, 1000, true)).toBe(MISSED_EVENT_MS);
    expect(MISSED_EVENT_MS).toBeGreaterThan(1000);
  });
});
