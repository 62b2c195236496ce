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

/**
 * A part of the prerendered screen that React attaches to after its route has (its code comes later: the market
 * list's rows wait for virtua, lazy-virtualizer.tsx). Until it has, its HTML shows but answers no tap, so the held
 * early tap waits for it (DrawnEnd), and so do the last-known quotes and the inline paint's marks
 * (attach-first-screen.ts): a part React attaches to late must find the state the prerender drew with, or it is
 * drawn again.
 */
export interface LatePart {
  /** Set once the part's boundary has committed (LatePartEnd). */
  attached: boolean;
}

const lateParts = new Set<LatePart>();
let afterAll: (() => void)[] = [];

function settle(): void {
  if (lateParts.size > 0) return;
  const waiting = afterAll;
  afterAll = [];
  for (const then of waiting) then();
}

/** Runs `then` once every late part has attached: at once when none is waited for, else in that part's commit. */
export function afterLateParts(then: () => void): void {
  if (lateParts.size === 0) then();
  else afterAll.push(then);
}

/** Resolves once every late part of the prerendered screen has attached. */
export function latePartsAttached(): Promise<void> {
  return new Promise((resolve) => afterLateParts(resolve));
}

/** Waits for `part` until it has attached or unmounts; from a layout effect of the part's owner (returns its cleanup). */
export function awaitLatePart(part: LatePart): () => void {
  if (part.attached) return () => undefined; // it attached in the same commit as its owner: nothing to wait for
  lateParts.add(part);
  // Unmounted before it attached: no longer waited for. Settled a microtask later, so that React running the effect
  // again at once (StrictMode, in development) does not release what waits for the part.
  return () => {
    lateParts.delete(part);
    queueMicrotask(settle);
  };
}

/** Rendered last inside a late part's Suspense boundary: its layout effect runs once React has attached to it. */
export function LatePartEnd({ part }: { part: LatePart }): null {
  useLayoutEffect(() => {
    part.attached = true;
    if (lateParts.delete(part)) settle();
  }, [part]);
  return null;
}
