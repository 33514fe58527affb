import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_SESSION_TOKEN } from './api-client';
import { clearSession, storeSession } from './auth-storage';
import { useServerEvents } from './server-events';

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) {
      listener(new MessageEvent(name, { data: JSON.stringify(data) }));
    }
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function Listener({ onNote }: { onNote: (data: unknown) => void }) {
  useServerEvents({ notification: onNote });
  return null;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  storeSession({ token: COOKIE_SESSION_TOKEN, user: { email: 'ada@example.com' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('useServerEvents', () => {
  it('shares one stream between subscribers, delivers named events, and closes with the last one', () => {
    const first = vi.fn();
    const second = vi.fn();
    const a = render(<Listener onNote={first} />);
    const b = render(<Listener onNote={second} />);
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('/api/events');
    act(() => source.emit('notification', { id: 'n1' }));
    expect(first).toHaveBeenCalledWith({ id: 'n1' });
    expect(second).toHaveBeenCalledWith({ id: 'n1' });
    a.unmount();
    expect(source.readyState).not.toBe(FakeEventSource.CLOSED);
    b.unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens no stream for a bearer session (EventSource cannot send the header)', () => {
    storeSession({ token: 'a.jwt.token', user: {} });
    const view = render(<Listener onNote={() => {}} />);
    expect(FakeEventSource.instances).toHaveLength(0);
    view.unmount();
  });
});
