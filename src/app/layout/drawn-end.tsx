// Rendered last in each route's boundary: React hydrates a route after the root, so the root's effects are early.
import { useEffect } from 'react';
import { latePartsAttached } from '../../boot/attach.ts';
import { browserTimers } from '../../state/shell/clock.ts';

let drawn = false;
let markDrawn: () => void = () => undefined;
const drawnOnce = new Promise<void>((resolve) => (markDrawn = resolve));

/** `capMs` covers a route that never says so. */
export function whenDrawn(capMs = 3_000): Promise<void> {
  return Promise.race([drawnOnce, new Promise<void>((resolve) => void browserTimers.setTimeout(resolve, capMs))]);
}

export function DrawnEnd({ shown }: { shown: boolean }): null {
  useEffect(() => {
    if (!shown || drawn) return;
    drawn = true;
    // A part still to attach (src/boot/attach.ts) answers no tap yet.
    void latePartsAttached().then(() => {
      document.documentElement.dataset['drawn'] = 'true';
      markDrawn();
    });
  }, [shown]);
  return null;
}
