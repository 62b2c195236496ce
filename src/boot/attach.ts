// Whether React is attaching to index.html's prerendered first screen (or drawing it at build time): the few
// components that draw their first frame differently in a browser (the market list's first rows) draw it as the
// prerender did, so React can keep that HTML. src/main.tsx opens the window before hydrateRoot; the prerendered
// route's own Suspense boundary closes it when it has committed (AttachEnd in app/layout/layout.tsx): React attaches to
// a route's boundary in a pass after the root's, so the root's commit would be too early.
import { useLayoutEffect } from 'react';

/** Rows the prerendered market list carries: a phone's screenful (740 px) and the overscan below it. */
export const PRERENDER_ROWS = 12;

let attaching: string | null = null;
let onEnd: (() => void) | null = null;

/** React is about to attach to the prerendered `path`; `then` runs once that route has committed. */
export function beginAttach(path: string, then: (() => void) | null = null): void {
  attaching = path;
  onEnd = then;
}

/** True while the first screen is being drawn to match the prerendered HTML. */
export function attachingPrerendered(): boolean {
  return attaching !== null;
}

/** Rendered last inside a route's Suspense boundary: once the prerendered route has committed, the attach is over. */
export function AttachEnd({ path }: { path: string | undefined }): null {
  useLayoutEffect(() => {
    if (attaching === null || attaching !== path) return;
    attaching = null;
    const then = onEnd;
    onEnd = null;
    then?.();
  }, [path]);
  return null;
}
