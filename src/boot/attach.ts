// React attaches to a route's Suspense boundary after the root's, so the route closes the window (AttachEnd).
import { useLayoutEffect } from 'react';

/** A phone's screenful (740 px) and the overscan below it. */
export const PRERENDER_ROWS = 12;

let attaching: string | null = null;
let onEnd: (() => void) | null = null;

/** `then` runs once that route has committed. */
export function beginAttach(path: string, then: (() => void) | null = null): void {
  attaching = path;
  onEnd = then;
}

/** The few components that draw differently in a browser draw as the prerender did, so React keeps that HTML. */
export function attachingPrerendered(): boolean {
  return attaching !== null;
}

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

/** A part attached after its route; what waits for it must find the state the prerender drew with. */
export interface LatePart {
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

/** At once when none is waited for, else in that part's commit. */
export function afterLateParts(then: () => void): void {
  if (lateParts.size === 0) then();
  else afterAll.push(then);
}

export function latePartsAttached(): Promise<void> {
  return new Promise((resolve) => afterLateParts(resolve));
}

/** Called from a layout effect of the part's owner; returns its cleanup. */
export function awaitLatePart(part: LatePart): () => void {
  if (part.attached) return () => undefined; // attached in the same commit as its owner
  lateParts.add(part);
  // Settled a microtask later, so StrictMode's immediate re-run of the effect does not release what waits.
  return () => {
    lateParts.delete(part);
    queueMicrotask(settle);
  };
}

/** Its layout effect runs once React has attached to the part. */
export function LatePartEnd({ part }: { part: LatePart }): null {
  useLayoutEffect(() => {
    part.attached = true;
    if (lateParts.delete(part)) settle();
  }, [part]);
  return null;
}
