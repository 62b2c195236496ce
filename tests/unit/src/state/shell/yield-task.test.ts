// Start-up in slices (src/state/shell/yield-task.ts, docs/client.md "Start-up in slices"): a yield is scheduler.yield()
// where the browser has it, else a MessageChannel task; deferred steps run in order, each after a yield, and one that
// throws does not stop the rest. A tap's press painted first (docs/client.md "Routing"): the pressed element is marked
// at once, the work waits for the frame, and a second tap meanwhile is let go.
import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterPress, inSlices, yieldToMain } from '../../../../../src/state/shell/yield-task.ts';

describe('yieldToMain', () => {
  it('uses scheduler.yield when there is one', async () => {
    const y = vi.fn(() => Promise.resolve());
    await yieldToMain({ scheduler: { yield: y } });
    expect(y).toHaveBeenCalledTimes(1);
  });

  it('else continues in a new task (a MessageChannel post), after what is queued as a microtask', async () => {
    const order: string[] = [];
    const done = yieldToMain({}).then(() => order.push('after the yield'));
    void Promise.resolve().then(() => order.push('microtask'));
    await done;
    expect(order).toEqual(['microtask', 'after the yield']);
  });
});

describe('afterNextPaint', () => {
  it('runs its work in a task of its own after the next frame, not in the frame', async () => {
    const log: string[] = [];
    const frame: Array<() => void> = [];
    const frames = { request: (cb: () => void) => frame.push(cb), cancel: () => undefined };
    const next = () => {
      log.push('yield');
      return Promise.resolve();
    };
    afterNextPaint(() => log.push('work'), frames, next);
    await Promise.resolve();
    expect(log).toEqual([]); // nothing before the frame
    frame.forEach((cb) => cb());
    expect(log).toEqual(['yield']); // the frame yields and does not do the work itself
    await Promise.resolve();
    expect(log).toEqual(['yield', 'work']);
  });
});

/** An `after` that keeps the deferred work until the test runs it. */
function held(): { after: (cb: () => void) => void; run: () => void; count: () => number } {
  const queued: Array<() => void> = [];
  return {
    after: (cb) => void queued.push(cb),
    run: () => queued.splice(0).forEach((cb) => cb()),
    count: () => queued.length,
  };
}

describe('afterPress', () => {
  it('marks the pressed element at once and does the work only after the paint, then drops the mark', () => {
    const tab = document.createElement('a');
    const later = held();
    const done: string[] = [];
    afterPress(tab, () => done.push('/order'), later.after);
    expect(tab.hasAttribute('data-pressed')).toBe(true);
    expect(done).toEqual([]);
    later.run();
    expect(done).toEqual(['/order']);
    expect(tab.hasAttribute('data-pressed')).toBe(false);
  });

  it('lets a second tap on the same element go while the first waits', () => {
    const row = document.createElement('button');
    const later = held();
    const done: string[] = [];
    afterPress(row, () => done.push('first'), later.after);
    afterPress(row, () => done.push('second'), later.after);
    expect(later.count()).toBe(1);
    later.run();
    expect(done).toEqual(['first']);
  });

  it('without an element to mark (a dialog that closes) it still waits for the paint', () => {
    const later = held();
    const done: string[] = [];
    afterPress(null, () => done.push('/order'), later.after);
    expect(done).toEqual([]);
    later.run();
    expect(done).toEqual(['/order']);
  });
});

describe('inSlices', () => {
  it('with a fake scheduler: one scheduler.yield before each step, each step after its own yield', async () => {
    const log: string[] = [];
    const scheduler = {
      yield: () => {
        log.push('yield');
        return Promise.resolve();
      },
    };
    await inSlices(
      [() => log.push('feed bridge'), () => log.push('app set-up'), () => log.push('rest of the first render')],
      () => yieldToMain({ scheduler }),
    );
    expect(log).toEqual(['yield', 'feed bridge', 'yield', 'app set-up', 'yield', 'rest of the first render']);
  });

  it('runs each step after a yield of its own, in order, past one that fails', async () => {
    const seen: string[] = [];
    const next = vi.fn(async () => void seen.push('yield'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await inSlices(
      [
        () => seen.push('settings'),
        () => {
          throw new Error('broken');
        },
        async () => void seen.push('orders'),
      ],
      next,
    );
    expect(seen).toEqual(['yield', 'settings', 'yield', 'yield', 'orders']);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
