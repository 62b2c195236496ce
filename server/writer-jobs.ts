// The jobs only the market writer runs, never a gateway; each adds its stopper to the server's, so a start that
// fails part-way stops them with the rest (compose.ts).
import type { WebPushSender } from './alerts/web-push-sender.ts';
import { startBackupJob } from './backup/backup-job.ts';
import type { ServerConfig } from './config.ts';
import type { AppContext } from './core/app-context.ts';
import { MarginCallWatch } from './engine/margin-call.ts';
import { startExpirySweep } from './engine/pending-expiry.ts';
import { startFundJob } from './funds/income-job.ts';
import { startClosureJob, startClosureNoticeJob } from './market/closures/closure-schedule.ts';
import { startLossFigureJob } from './retail/loss-figure.ts';
import { startSwapJob } from './swaps/swap-job.ts';
import { startCopyJobs } from './copy/copy-jobs.ts';
import { startHouseTraders } from './copy/house-traders.ts';
import { staffQueueMetrics } from './metrics/staff-queues.ts';
import type { Registry } from 'prom-client';

type Stopper = () => Promise<void> | void;

export async function startWriterJobs(
  ctx: AppContext,
  config: ServerConfig,
  webPush: WebPushSender,
  registry: Registry,
  stoppers: Stopper[],
): Promise<void> {
  const { db, clock, timers, log, engine } = ctx;
  stoppers.push(startExpirySweep({ db, clock, timers, log, expire: (id) => engine.expirePending(id) }));
  // Scheduled closures halt and resume on time, their state in the database (docs/market-data.md "Scheduled closures").
  stoppers.push(startClosureJob({ db, clock, timers, log, desk: ctx.priceDesk }));
  // Their holders are told after the command's commit, a page a round ("Who is told" there).
  stoppers.push(startClosureNoticeJob({ db, clock, timers, log, notifier: ctx.notifier }));
  if (config.backups) {
    stoppers.push(
      startBackupJob(
        { db, databaseUrl: config.databaseUrl, clock, timers, log, key: () => ctx.backups.key() },
        config.backups,
      ),
    );
  }
  if (config.fundJob !== false) stoppers.push(startFundJob(ctx, ctx.fundDayMs));
  // Once per position and rollover, once per crossing: kept so in the database across a restart or a fail-over.
  if (config.swapJob !== false) {
    stoppers.push(startSwapJob({ db, clock, timers, log, engine, periodMs: config.swapRolloverMs ?? 0 }));
  }
  // Copy trading (docs/copy-trading.md): the mirror on the engine's commits and its reconciliation job.
  if (config.copyJobs !== false) stoppers.push(startCopyJobs(ctx, registry, config.copyMirrorChunk));
  // The house's demo providers, after the mirror so their followers' copies follow from the first round.
  if (config.houseTraders === true) stoppers.push(startHouseTraders(ctx));
  // The risk warning's loss figure, once a quarter (docs/retail-protection.md "The loss figure").
  stoppers.push(startLossFigureJob({ db, clock, timers, log, floatingOf: (id) => engine.floatingOf(id) }));
  const marginCalls = new MarginCallWatch({
    ...ctx,
    webPush,
    figures: { users: () => engine.book.users(), riskRateOf: (id) => engine.riskRateOf(id) },
  });
  await marginCalls.start();
  stoppers.push(() => marginCalls.stop());
  staffQueueMetrics(registry, db, clock);
}
