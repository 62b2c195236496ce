// After a send the form watches the code's delivery (docs/notifications.md "A code that was not sent"): it asks every
// CODE_WATCH_MS while the answer is pending, says "not sent" once on failed, stops on sent, after its tries, and when
// stopped. Fake timers: nothing waits on the wall clock.
import { describe, expect, it } from 'vitest';
import type { Timers } from '../../../../../domain/time.ts';
import type { CodeDelivery } from '../../../../../src/api/notices.ts';
import {
  CODE_WATCH_MS,
  CODE_WATCH_TRIES,
  watchCodeDelivery,
} from '../../../../../src/components/credentials/request-code.ts';

function fakeTimers() {
  const due: Array<{ fn: () => void; ms: number; id: number }> = [];
  let next = 1;
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      due.push({ fn, ms, id: next });
      return next++;
    },
    clearTimeout: (id) => {
      const i = due.findIndex((d) => d.id === id);
      if (i >= 0) due.splice(i, 1);
    },
    setInterval: () => 0,
    clearInterval: () => undefined,
  };
  /** Fires the one pending timer and lets the answer settle. */
  const tick = async (): Promise<boolean> => {
    const t = due.shift();
    if (!t) return false;
    expect(t.ms).toBe(CODE_WATCH_MS);
    t.fn();
    await new Promise((r) => setImmediate(r));
    return true;
  };
  return { timers, tick, pending: () => due.length };
}

const answers = (...states: CodeDelivery[]) => {
  const asked: string[] = [];
  const ask = (key: string) => {
    asked.push(key);
    return Promise.resolve({ state: states[Math.min(asked.length - 1, states.length - 1)] ?? 'pending' });
  };
  return { ask, asked };
};

describe('watchCodeDelivery', () => {
  it('asks while pending and says "not sent" once when the delivery failed', async () => {
    const t = fakeTimers();
    const a = answers('pending', 'pending', 'failed');
    let failed = 0;
    watchCodeDelivery('k1', () => failed++, t.timers, a.ask);
    while (await t.tick());
    expect(a.asked).toEqual(['k1', 'k1', 'k1']);
    expect(failed).toBe(1);
  });

  it('stops quietly once the code was sent', async () => {
    const t = fakeTimers();
    const a = answers('pending', 'sent');
    let failed = 0;
    watchCodeDelivery('k2', () => failed++, t.timers, a.ask);
    while (await t.tick());
    expect(a.asked).toHaveLength(2);
    expect(failed).toBe(0);
  });

  it('gives up after its tries, and asks nothing once stopped or without a key', async () => {
    const t = fakeTimers();
    const a = answers('pending');
    watchCodeDelivery('k3', () => undefined, t.timers, a.ask);
    while (await t.tick());
    expect(a.asked).toHaveLength(CODE_WATCH_TRIES);

    const s = fakeTimers();
    const b = answers('failed');
    let failed = 0;
    const stop = watchCodeDelivery('k4', () => failed++, s.timers, b.ask);
    stop();
    expect(s.pending()).toBe(0);
    watchCodeDelivery('', () => failed++, s.timers, b.ask);
    expect(s.pending()).toBe(0);
    expect(b.asked).toEqual([]);
    expect(failed).toBe(0);
  });
});
