// docs/trading.md "Margin call": once per crossing, kept in margin_call_state so a failed-over writer won't repeat it.
import { dec, fixed } from '../../domain/decimal.ts';
import type { Ratio } from '../../domain/units.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import type { Services } from '../core/services.ts';
import { marginCallLevel } from './margin-call-level.ts';
import { startRepeatingJob, type RepeatingJob } from '../core/repeating-job.ts';

export const MARGIN_CALL_CHECK_MS = 1000;

export interface MarginCallValues {
  risk_rate: string; // percent, 2 decimals
  level: string; // percent, 2 decimals
}

export interface MarginCallDeps extends Pick<Services, 'db' | 'clock' | 'timers' | 'log' | 'push' | 'notifier'> {
  /** The price alerts' sender; absent: none. */
  webPush?: { sendNotice(userId: number, values: MarginCallValues): Promise<void> };
  figures: { users(): number[]; riskRateOf(userId: number): Ratio | null };
}

export class MarginCallWatch {
  /** Mirrors margin_call_state.called = true. */
  private readonly called = new Set<number>();
  private job: RepeatingJob | null = null;
  private readonly deps: MarginCallDeps;

  constructor(deps: MarginCallDeps) {
    this.deps = deps;
  }

  async start(): Promise<void> {
    const rows = await this.deps.db.query<{ user_id: number }>(
      'SELECT user_id FROM margin_call_state WHERE called = TRUE',
    );
    for (const r of rows) this.called.add(Number(r.user_id));
    const failed = 'margin-call check failed';
    this.job = startRepeatingJob(this.deps, MARGIN_CALL_CHECK_MS, () => this.check(), { failed });
  }

  async stop(): Promise<void> {
    await this.job?.();
    this.job = null;
  }

  /** The users told before are visited too, to re-arm them. */
  async check(): Promise<number[]> {
    const level = dec(await marginCallLevel(this.deps.db));
    const told: number[] = [];
    const users = new Set([...this.deps.figures.users(), ...this.called]);
    for (const userId of users) {
      const rate = this.deps.figures.riskRateOf(userId);
      const percent = rate === null ? null : rate.times(100);
      const below = percent !== null && percent.lte(level);
      if (below && !this.called.has(userId)) {
        if (await this.switchTo(userId, true)) {
          told.push(userId);
          await this.tell(userId, { risk_rate: fixed(percent, 2), level: fixed(level, 2) });
        }
        this.called.add(userId);
      } else if (!below && this.called.has(userId)) {
        await this.switchTo(userId, false);
        this.called.delete(userId);
      }
    }
    return told;
  }

  /** true only for the writer that changed the state, so only one of two tells. */
  private async switchTo(userId: number, called: boolean): Promise<boolean> {
    const rows = await this.deps.db.query(
      `INSERT INTO margin_call_state (user_id, called, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET called = EXCLUDED.called, changed_at = EXCLUDED.changed_at
         WHERE margin_call_state.called <> EXCLUDED.called
       RETURNING user_id`,
      [userId, called, this.deps.clock.now()],
    );
    return rows.length > 0;
  }

  private async tell(userId: number, values: MarginCallValues): Promise<void> {
    this.deps.push.toUser(userId, { type: 'MARGIN_CALL', data: values });
    try {
      await this.deps.webPush?.sendNotice(userId, values);
    } catch (err) {
      this.deps.log.warn({ err, userId }, 'margin-call web push failed');
    }
    await notifyAccount(this.deps, userId, 'margin_call', { ...values });
  }
}
