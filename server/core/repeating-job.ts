// The writer's periodic jobs (server/writer-jobs.ts) share one rule: a run never overlaps the one before (a tick
// during a run is skipped), a failure is logged and the next tick retries, and stopping waits for the run.
import type { Timers } from '../../domain/time.ts';

export type RepeatingJob = (() => Promise<void>) & {
  /** Resolves once no run is in progress. */
  idle(): Promise<void>;
};

export function startRepeatingJob(
  deps: { timers: Timers; log: { error: (obj: object, msg: string) => void } },
  everyMs: number,
  run: () => Promise<unknown>,
  opts: { failed: string; atStart?: boolean },
): RepeatingJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): void => {
    if (stopped || running) return;
    running = run()
      .then(
        () => undefined,
        (err: unknown) => deps.log.error({ err }, opts.failed),
      )
      .finally(() => {
        running = null;
      });
  };
  const handle = deps.timers.setInterval(tick, everyMs);
  if (opts.atStart) tick();
  const idle = async (): Promise<void> => {
    await running;
  };
  return Object.assign(
    async () => {
      stopped = true;
      deps.timers.clearInterval(handle);
      await idle();
    },
    { idle },
  );
}
