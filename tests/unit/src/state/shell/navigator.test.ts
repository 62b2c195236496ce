// A tap's navigation after the frame that shows its press (src/state/shell/navigator.ts navigateAfterPaint): the
// pressed element is marked at once, the route changes only in the deferred work, and a second tap meanwhile is let go.
import { afterEach, describe, expect, it } from 'vitest';
import { navigateAfterPaint, setNavigator } from '../../../../../src/state/shell/navigator.ts';

const went: string[] = [];
setNavigator({ navigate: (to) => void went.push(to), path: () => '/' });
afterEach(() => {
  went.length = 0;
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

describe('navigateAfterPaint', () => {
  it('marks the pressed element at once and navigates only after the paint, then drops the mark', () => {
    const tab = document.createElement('a');
    const later = held();
    navigateAfterPaint('/order', tab, later.after);
    expect(tab.hasAttribute('data-pressed')).toBe(true);
    expect(went).toEqual([]);
    later.run();
    expect(went).toEqual(['/order']);
    expect(tab.hasAttribute('data-pressed')).toBe(false);
  });

  it('lets a second tap on the same element go while the first waits', () => {
    const row = document.createElement('button');
    const later = held();
    navigateAfterPaint('/trade', row, later.after);
    navigateAfterPaint('/trade', row, later.after);
    expect(later.count()).toBe(1);
    later.run();
    expect(went).toEqual(['/trade']);
  });

  it('without an element to mark (a dialog that closes) it still waits for the paint', () => {
    const later = held();
    navigateAfterPaint('/order', null, later.after);
    expect(went).toEqual([]);
    later.run();
    expect(went).toEqual(['/order']);
  });
});
