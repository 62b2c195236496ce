// Copy trading on the market writer only (docs/copy-trading.md).
import { Counter, Histogram, type Registry } from 'prom-client';
import type { AppContext } from '../core/app-context.ts';
import { startRepeatingJob } from '../core/repeating-job.ts';
import { CopyGuard } from './copy-guard.ts';
import { CopyMirror, type MirrorMetrics } from './mirror.ts';

export const COPY_RECONCILE_MS = 60_000;

/** A thousand followers' last mirrored action may take seconds. */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function copyMetrics(registry: Registry): MirrorMetrics {
  const registers = [registry];
  const orphans = new Counter({
    name: 'tickwise_copy_orphans_total',
    help: 'Copied positions found still open after their provider position closed (closed by the reconciliation)',
    registers,
  });
  const skipped = new Counter({
    name: 'tickwise_copy_skipped_total',
    help: 'Provider trades not copied to a copy, by reason',
    labelNames: ['reason'],
    registers,
  });
  const lag = new Histogram({
    name: 'tickwise_copy_lag_seconds',
    help: "From the provider's committed change to the follower's mirrored one",
    buckets: LAG_BUCKETS,
    registers,
  });
  return {
    orphans: (n) => orphans.inc(n),
    skipped: (reason) => skipped.inc({ reason }),
    lag: (seconds) => lag.observe(seconds),
  };
}

export function startCopyJobs(ctx: AppContext, registry: Registry | null, chunk?: number): () => Promise<void> {
  const mirror = new CopyMirror(ctx, registry ? copyMetrics(registry) : undefined, chunk);
  const guard = new CopyGuard(ctx);
  mirror.start();
  const unsubscribe = ctx.market.onTick(() => guard.onTick());
  const run = async (): Promise<void> => {
    await mirror.reconcile();
    await guard.settleMonth();
  };
  const job = startRepeatingJob(ctx, COPY_RECONCILE_MS, run, { failed: 'copy reconciliation failed', atStart: true });
  return async () => {
    await job();
    unsubscribe();
    mirror.stop();
    await mirror.idle();
    await guard.idle();
  };
}
