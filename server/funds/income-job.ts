// The income job: pays every due fund day of every running subscription, once. Each subscription is settled in its
// own transaction (accrual.ts locks its row), so a crash mid-run loses at most the subscription in flight — rolled back
// and paid on the next run. It runs at start (catching up on the days the server was down), then on an interval of the
// injected timers; runs never overlap within a process, and across processes the row locks take turns.
import { SubStatus } from '../../src/domain/fund-maths.ts';
import type { Services } from '../context.ts';
import { accrue, lockSubscription } from './accrual.ts';

export const DEFAULT_FUND_DAY_MS = 86_400_000;

export interface FundRunResult {
  subscriptions: number; // due subscriptions looked at
  paidDays: number; // income items written
  finished: number; // subscriptions that reached maturity
}

type JobDeps = Pick<Services, 'db' | 'clock' | 'timers' | 'log'>;

export class FundIncomeJob {
  private handle: unknown;
  private running: Promise<FundRunResult> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: JobDeps,
    /** Length of a fund day for new subscriptions (FUND_DAY_MS). */
    readonly dayMs: number = DEFAULT_FUND_DAY_MS,
  ) {
    if (!(Number.isInteger(dayMs) && dayMs > 0)) throw new RangeError('the fund day must be a positive number of ms');
  }

  /** How often the timer looks for due days: a tenth of a day, between 100 ms and one minute. */
  get checkMs(): number {
    return Math.min(60_000, Math.max(100, Math.floor(this.dayMs / 10)));
  }

  /** One run now; a call while a run is in flight shares it. */
  runOnce(): Promise<FundRunResult> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<FundRunResult> {
    const now = this.deps.clock.now();
    const due = await this.deps.db.query<{ id: number }>(
      `SELECT id FROM fund_subscriptions WHERE status = ${SubStatus.DOING} AND next_due_at <= $1 ORDER BY next_due_at, id`,
      [now],
    );
    const out: FundRunResult = { subscriptions: due.length, paidDays: 0, finished: 0 };
    for (const { id } of due) {
      if (this.stopped) break;
      const r = await this.deps.db.tx(async (q) => {
        const sub = await lockSubscription(q, id);
        return sub ? accrue(q, sub, now) : { paidDays: 0, finished: false };
      });
      out.paidDays += r.paidDays;
      if (r.finished) out.finished++;
    }
    if (out.paidDays > 0 || out.finished > 0) this.deps.log.info(out, 'fund income paid');
    return out;
  }

  /** First run at once (catch-up), then every checkMs. */
  start(): void {
    this.stopped = false;
    const tick = (): void => {
      this.runOnce().catch((err: unknown) => this.deps.log.error({ err }, 'fund income run failed'));
    };
    tick();
    this.handle = this.deps.timers.setInterval(tick, this.checkMs);
  }

  /** Stops the timer and waits for a run in flight (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.handle !== undefined) this.deps.timers.clearInterval(this.handle);
    this.handle = undefined;
    await this.running?.catch(() => undefined);
  }
}
