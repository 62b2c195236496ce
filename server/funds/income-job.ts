// The fund income job: a UNIQUE income row per day in the credit's transaction pays each day exactly once.
import type { Services } from '../core/services.ts';
import type { Queryable } from '../db/db.ts';
import { move } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { startRepeatingJob, type RepeatingJob } from '../core/repeating-job.ts';
import type { ReviewSubscriptionRow } from './funds-repository.ts';

/** Often enough for a short demo day, never more than once a minute. */
export const checkEveryMs = (dayMs: number): number => Math.max(250, Math.min(60_000, Math.floor(dayMs / 4)));

type DoingRow = Omit<ReviewSubscriptionRow, 'uid'> & { user_id: number };

export interface JobResult {
  paid: number; // income rows written by this run
  matured: number; // subscriptions finished by this run
}

/** The insert decides, the credit follows in the same transaction. */
async function payDay(q: Queryable, s: DoingRow, day: number, at: number): Promise<boolean> {
  const inserted = await q.query(
    `INSERT INTO fund_incomes (subscription_id, day, interest, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (subscription_id, day) DO NOTHING RETURNING id`,
    [s.id, day, s.day_profit, at],
  );
  if (inserted.length === 0) return false;
  await move(q, s.user_id, {
    balance: s.day_profit,
    type: RecordType.FUND_INCOME,
    memo: `${s.title} #${s.id} ${day}/${s.lock_days}`,
    at,
  });
  return true;
}

/** Only the run whose UPDATE moves the status from 1 to 4 credits it. */
async function mature(q: Queryable, s: DoingRow, at: number): Promise<boolean> {
  const done = await q.query(
    'UPDATE fund_subscriptions SET status = 4, ended_at = $2 WHERE id = $1 AND status = 1 RETURNING id',
    [s.id, at],
  );
  if (done.length === 0) return false;
  await move(q, s.user_id, {
    balance: s.share_amount,
    type: RecordType.FUND_PRINCIPAL,
    memo: `${s.title} #${s.id}`,
    at,
  });
  return true;
}

export async function runFundIncome(ctx: Pick<Services, 'db' | 'clock'>, dayMs: number): Promise<JobResult> {
  const now = ctx.clock.now();
  const doing = await ctx.db.query<DoingRow>(
    `SELECT s.id, s.user_id, s.share_amount, s.day_profit, s.lock_days, s.sub_time, f.title,
            (SELECT count(*) FROM fund_incomes i WHERE i.subscription_id = s.id)::text AS paid
       FROM fund_subscriptions s JOIN funds f ON f.id = s.fund_id
      WHERE s.status = 1 ORDER BY s.id`,
  );
  const result: JobResult = { paid: 0, matured: 0 };
  for (const s of doing) {
    const due = Math.min(s.lock_days, Math.floor((now - Number(s.sub_time)) / dayMs));
    for (let day = Number(s.paid) + 1; day <= due; day++) {
      // Dated when it fell due, so a catch-up after downtime still dates each day correctly.
      const at = Number(s.sub_time) + day * dayMs;
      // A redemption may have ended it meanwhile: the status check inside the transaction settles that race.
      const paid = await ctx.db.tx(async (q) => {
        const live = await q.query('SELECT id FROM fund_subscriptions WHERE id = $1 AND status = 1 FOR UPDATE', [s.id]);
        return live.length > 0 && payDay(q, s, day, at);
      });
      if (paid) result.paid += 1;
    }
    if (due >= s.lock_days) {
      const at = Number(s.sub_time) + s.lock_days * dayMs;
      if (await ctx.db.tx((q) => mature(q, s, at))) result.matured += 1;
    }
  }
  return result;
}

/** Runs at start too: a server that was down pays the missed days now. */
export function startFundJob(ctx: Pick<Services, 'db' | 'clock' | 'timers' | 'log'>, dayMs: number): RepeatingJob {
  const run = async (): Promise<void> => {
    const r = await runFundIncome(ctx, dayMs);
    if (r.paid || r.matured) ctx.log.info({ funds: r }, 'fund income paid');
  };
  return startRepeatingJob(ctx, checkEveryMs(dayMs), run, {
    failed: 'fund income job failed; the next run retries',
    atStart: true,
  });
}
