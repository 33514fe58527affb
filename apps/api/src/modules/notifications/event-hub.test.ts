import { describe, expect, it } from 'vitest';
import { EventHub, MAX_STREAMS_PER_USER } from './event-hub.js';

describe('EventHub', () => {
  it('publishes to one user’s streams only, and stops after unsubscribe', () => {
    const hub = new EventHub();
    const ada: unknown[] = [];
    const bob: unknown[] = [];
    const stop = hub.subscribe('ada', (event, data) => ada.push([event, data]));
    hub.subscribe('bob', (event, data) => bob.push([event, data]));
    hub.publish('ada', 'purchase.progress', { step: 'paid' });
    expect(ada).toEqual([['purchase.progress', { step: 'paid' }]]);
    expect(bob).toEqual([]);
    stop();
    hub.publish('ada', 'notification', {});
    expect(ada).toHaveLength(1);
  });

  it(`closes the oldest stream beyond ${MAX_STREAMS_PER_USER} per user`, () => {
    const hub = new EventHub();
    const closed: number[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_USER; i += 1)
      hub.subscribe(
        'ada',
        () => {},
        () => closed.push(i),
      );
    expect(closed).toEqual([0]);
  });
});
