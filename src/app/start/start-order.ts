// A yield between start-up steps so a weak phone answers a tap between any two (docs/client.md "Start-up in slices").
import { yieldToMain } from '../../state/shell/yield-task.ts';

export interface StartSteps<N> {
  setUp(): Promise<N>;
  /** True to attach to the prerendered HTML. */
  prepareRoute(): Promise<boolean>;
  /** A transition, which React itself slices. */
  render(navigation: N, attach: boolean): void;
  drawn(): Promise<void>;
  deferred(): Promise<void>;
  later(): Promise<void>;
}

/** Resolves when the shown route's render has been asked for. */
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
