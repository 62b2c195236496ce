// The moment the shown route has drawn: rendered last inside each route's Suspense boundary, whose effects run only
// once that boundary's content has committed (when attaching to the prerendered screen, React hydrates a route's
// boundary in a pass after the root's, so the root's own effects come too early). Then the screen answers taps, and
// browser tests may type into the app.
import { useEffect } from 'react';
import { latePartsAttached } from '../../boot/attach.ts';
import { browserTimers } from '../../state/shell/clock.ts';

let drawn = false;
let markDrawn: () => void = () => undefined;
const drawnOnce = new Promise<void>((resolve) => (markDrawn = resolve));

/** Resolves once the shown route has drawn (or after `capMs`, a route that never says so): deferred start-up waits. */
export function whenDrawn(capMs = 3_000): Promise<void> {
  return Promise.race([drawnOnce, new Promise<void>((resolve) => void browserTimers.setTimeout(resolve, capMs))]);
}

export function DrawnEnd({ shown }: { shown: boolean }): null {
  useEffect(() => {
    if (!shown || drawn) return;
    drawn = true;
    // A part of the prerendered screen still to attach (the market list's rows, src/boot/attach.ts) answers no tap
    // yet: "drawn" waits for it.
    void latePartsAttached().then(() => {
      document.documentElement.dataset['drawn'] = 'true';
      markDrawn();
    });
  }, [shown]);
  return null;
}
