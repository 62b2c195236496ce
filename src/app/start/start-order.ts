// The order of start-up after the first paint (docs/client.md "Start-up in slices"), as one function src/main.tsx
// fills with the real steps and tests fill with their own: each step in a task of its own, with a yield between them
// (yieldToMain: scheduler.yield or a MessageChannel post), so a weak phone answers a tap between any two of them.
import { yieldToMain } from '../../state/shell/yield-task.ts';

export interface StartSteps<N> {
  /** The app's set-up: language, stored session, the feed's handle, the watchlist (startApp). */
  setUp(): Promise<N>;
  /** The shown route's chunk and the state the prerender drew with (prepareAttach): true to attach to its HTML. */
  prepareRoute(): Promise<boolean>;
  /** React's first render of the shown route (a transition, which React itself slices). */
  render(navigation: N, attach: boolean): void;
  /** Resolves once the shown route has drawn and answers taps (whenDrawn). */
  drawn(): Promise<void>;
  /** What the first screen does not need, one task each (startDeferred: settings, HTTP client, session check …). */
  deferred(): Promise<void>;
  /** The other pages' loaders, then the service worker. */
  later(): Promise<void>;
}

/** Runs the steps in order, a yield between each; resolves when the shown route's render has been asked for. */
export async function runStartUp<N>(steps: StartSteps<N>, next: () => Promise<void> = yieldToMain): Promise<void> {
  const navigation = await steps.setUp();
  await next();
  const attach = await steps.prepareRoute();
  await next();
  steps.render(navigation, attach);
  void steps
    .drawn()
    .then(() => steps.deferred())
    .then(() => steps.later())
    .catch((err: unknown) => console.warn('start-up: a later step failed', err));
}
