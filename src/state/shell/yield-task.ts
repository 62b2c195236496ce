// A new task for the rest of start-up (docs/client.md "Start-up in slices"): what follows runs after the browser has
// had the chance to paint and to answer input. `scheduler.yield()` where the browser has it (its continuation keeps
// its place ahead of other tasks), else a MessageChannel post (a task without setTimeout's 4 ms clamp).

interface YieldScheduler {
  yield?: () => Promise<void>;
}

export function yieldToMain(win: { scheduler?: YieldScheduler } = globalThis as { scheduler?: YieldScheduler }) {
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

/** Runs each step in a task of its own, in order; a step that throws is reported and the next still runs. */
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
