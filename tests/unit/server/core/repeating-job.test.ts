// The writer's periodic jobs (server/core/repeating-job.ts): no run overlaps the one before, a failed run is logged and
// the next tick retries, and stopping waits for the run in progress and ends the ticks.
import { describe, expect, it } from 'vitest';
import type { Timers } from '../../../../domain/time.ts';
import { startRepeatingJob } from '../../../../server/core/repeating-job.ts';

/** One interval at a time, fired by hand. */
function handTimers(): Timers & { fire(): void; cleared: boolean } {
  let fn: (() => void) | null = null;
  const t = {
    cleared: false,
    setTimeout: () => null,
    clearTimeout: () => undefined,
    setInterval: (f: () => void) => {
      fn = f;
      return 1;
    },
    clearInterval: () => {
      t.cleared = true;
      fn = null;
    },
    fire: () => fn?.(),
  };
  return t;
}

function gate(): { wait: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe('startRepeatingJob', () => {
  it('skips a tick while a run is in progress, and runs at start when asked', async () => {
    const timers = handTimers();
    const runs: ReturnType<typeof gate>[] = [];
    const job = startRepeatingJob(
      { timers, log: { error: () => undefined } },
      1000,
      () => {
        const g = gate();
        runs.push(g);
        return g.wait;
      },
      { failed: 'x', atStart: true },
    );
    expect(runs).toHaveLength(1);
    timers.fire();
    expect(runs).toHaveLength(1);
    runs[0]?.open();
    await job.idle();
    timers.fire();
    expect(runs).toHaveLength(2);
    runs[1]?.open();
    await job();
  });

  it('logs a failed run and retries on the next tick', async () => {
    const timers = handTimers();
    const logged: string[] = [];
    let n = 0;
    const job = startRepeatingJob(
      { timers, log: { error: (_obj, msg) => logged.push(msg) } },
      1000,
      () => (++n === 1 ? Promise.reject(new Error('down')) : Promise.resolve()),
      { failed: 'the job failed' },
    );
    expect(n).toBe(0);
    timers.fire();
    await job.idle();
    expect(logged).toEqual(['the job failed']);
    timers.fire();
    await job.idle();
    expect(n).toBe(2);
    expect(logged).toHaveLength(1);
    await job();
  });

  it('stopping waits for the run in progress and ends the ticks', async () => {
    const timers = handTimers();
    const g = gate();
    let done = false;
    let runs = 0;
    const job = startRepeatingJob(
      { timers, log: { error: () => undefined } },
      1000,
      async () => {
        runs++;
        await g.wait;
        done = true;
      },
      { failed: 'x', atStart: true },
    );
    const stopped = job();
    expect(timers.cleared).toBe(true);
    g.open();
    await stopped;
    expect(done).toBe(true);
    timers.fire();
    expect(runs).toBe(1);
  });
});
