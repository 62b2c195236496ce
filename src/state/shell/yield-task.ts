import { animationFrames } from './clock.ts';

// scheduler.yield keeps its place ahead of other tasks; a MessageChannel post avoids setTimeout's clamp.

export function yieldToMain(win: { scheduler?: { yield?: () => Promise<void> } } = globalThis) {
  const scheduler = win.scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

/** A step that throws is reported and the next still runs. */
export async function inSlices(steps: readonly (() => unknown)[], next = yieldToMain): Promise<void> {
  for (const step of steps) {
    await next();
    try {
      await step();
    } catch (err) {
      console.warn('start-up: a deferred step failed', err);
    }
  }
}

/** `cb` in a task of its own after the frame that paints what the current task left. */
export function afterNextPaint(cb: () => void, frames = animationFrames, next = yieldToMain): void {
  frames.request(() => void next().then(cb));
}

const PRESSED = 'data-pressed';

/** `pressed` shows as chosen at once, `work` runs after the frame that shows it (docs/client.md "Routing"). */
export function afterPress(pressed: Element | null | undefined, work: () => void, after = afterNextPaint): void {
  if (pressed?.hasAttribute(PRESSED)) return;
  pressed?.setAttribute(PRESSED, '');
  after(() => {
    pressed?.removeAttribute(PRESSED);
    work();
  });
}
