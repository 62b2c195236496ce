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

let early: { code: string; hash: string } | null = null;
let stopKeeping: (() => void) | null = null;
let inATask: (then: () => void) => void = (then) => then();
let hashNow = (): string => '';

/**
 * Until the market list is React's, its painted rows are HTML React does not answer (a render or an attach still
 * under way): the last row tapped is kept for the list, so that a trader's early tap on an instrument is not lost.
 */
export function keepEarlyTaps(win: Window): void {
  const seen = (e: Event): void => {
    const row = e.target instanceof Element ? e.target.closest<HTMLElement>('.mk-row[data-code]') : null;
    early = row ? { code: row.dataset['code'] ?? '', hash: win.location.hash } : null;
  };
  // A route left once is a tap answered (or another's): the kept one is not given even if the trader came back.
  const moved = (): void => {
    if (early && early.hash !== win.location.hash) early = null;
  };
  win.addEventListener('click', seen, true);
  win.addEventListener('hashchange', moved);
  stopKeeping = () => {
    win.removeEventListener('click', seen, true);
    win.removeEventListener('hashchange', moved);
  };
  inATask = (then) => void win.setTimeout(then, 0);
  hashNow = () => win.location.hash;
}

/**
 * Once, when the rows are React's: the kept row is picked unless the route moved since. In a task of its own, so that
 * a click React did answer has navigated first.
 */
export function giveEarlyTap(pick: (code: string) => void): void {
  const stop = stopKeeping;
  if (!stop) return;
  stopKeeping = null;
  inATask(() => {
    stop();
    const tap = early;
    early = null;
    if (tap && tap.hash === hashNow()) pick(tap.code);
  });
}
