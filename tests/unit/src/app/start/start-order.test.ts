// Start-up after the first paint runs in slices (src/app/start/start-order.ts, docs/client.md "Start-up in slices"):
// the app's set-up, the shown route's chunk and React's first render each in a task of its own, a yield between
// them; what the first screen does not need waits until that route has drawn. The scheduler is the test's own.
import { describe, expect, it } from 'vitest';
import { runStartUp, type StartSteps } from '../../../../../src/app/start/start-order.ts';

function recorder() {
  const log: string[] = [];
  let draw: () => void = () => undefined;
  const steps: StartSteps<string> = {
    setUp: async () => (log.push('set-up'), 'nav'),
    prepareRoute: async () => (log.push('route'), true),
    render: (navigation, attach) => void log.push(`render ${navigation} attach=${attach}`),
    drawn: () => new Promise<void>((resolve) => (draw = resolve)),
    deferred: async () => void log.push('deferred'),
    later: async () => void log.push('later'),
  };
  const next = async () => void log.push('yield');
  return { log, steps, next, draw: () => draw() };
}

/** Lets the test's own promises run (microtasks only: no timer, no wall time). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('runStartUp', () => {
  it('yields between the set-up, the route and the first render; the rest waits for the drawn route', async () => {
    const r = recorder();
    await runStartUp(r.steps, r.next);
    expect(r.log).toEqual(['set-up', 'yield', 'route', 'yield', 'render nav attach=true']);
    await settle();
    expect(r.log).not.toContain('deferred'); // not before the shown route has drawn
    r.draw();
    await settle();
    expect(r.log.slice(5)).toEqual(['deferred', 'later']);
  });

  it('renders only after the route step has finished, even when it takes several turns', async () => {
    const r = recorder();
    let routeReady: (v: boolean) => void = () => undefined;
    r.steps.prepareRoute = () => new Promise<boolean>((resolve) => (routeReady = resolve));
    const run = runStartUp(r.steps, r.next);
    await settle();
    expect(r.log).toEqual(['set-up', 'yield']);
    routeReady(false);
    await run;
    expect(r.log).toEqual(['set-up', 'yield', 'yield', 'render nav attach=false']);
  });
});
