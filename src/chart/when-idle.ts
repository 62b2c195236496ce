// The next frame first (the screen paints), then an idle period, capped so a busy page still gets its chart.

export const IDLE_CAP_MS = 1500;

interface IdleWindow {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
  requestAnimationFrame: (cb: () => void) => number;
  cancelAnimationFrame: (id: number) => void;
  setTimeout: (cb: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

export function whenIdle(run: () => void, win: IdleWindow = window): () => void {
  let cancel = (): void => undefined;
  const frame = win.requestAnimationFrame(() => {
    if (win.requestIdleCallback) {
      const id = win.requestIdleCallback(run, { timeout: IDLE_CAP_MS });
      cancel = () => win.cancelIdleCallback?.(id);
    } else {
      const id = win.setTimeout(run, 50);
      cancel = () => win.clearTimeout(id);
    }
  });
  cancel = () => win.cancelAnimationFrame(frame);
  return () => cancel();
}
