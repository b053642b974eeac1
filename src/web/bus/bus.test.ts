import { describe, expect, it } from 'vitest';
import { createBus } from './bus.ts';
import type { BusEvent } from './events.ts';

describe('bus', () => {
  it('delivers only the requested types to ofType subscribers', () => {
    const bus = createBus();
    const seen: string[] = [];
    const sub = bus.ofType('api.session.expired', 'push.session.expired').subscribe((e) => seen.push(e.type));
    bus.emit({ type: 'api.token.rotated', token: 't' });
    bus.emit({ type: 'api.session.expired', key: 'error.auth.expired-token' });
    bus.emit({ type: 'push.session.expired', payload: { key: 'error.auth.invalid-token' } });
    sub.unsubscribe();
    bus.emit({ type: 'api.session.expired', key: 'late' });
    expect(seen).toEqual(['api.session.expired', 'push.session.expired']);
  });

  it('lets every subscriber of events$ see every event in order', () => {
    const bus = createBus();
    const all: BusEvent[] = [];
    bus.events$.subscribe((e) => all.push(e));
    bus.emit({ type: 'push.connected' });
    bus.emit({ type: 'push.disconnected', reason: 'transport close' });
    expect(all.map((e) => e.type)).toEqual(['push.connected', 'push.disconnected']);
  });
});
