// Copy stop-loss and monthly fee on the writer (docs/copy-trading.md "Copy stop-loss").
import { dec, exactText, fixed, roundDown, type Dec } from '../../domain/decimal.ts';
import { bigScaledOf } from '../../domain/numerics/parse.ts';
import { ACCOUNT_PLACES } from '../../domain/numerics/places.ts';
import { stopLossLevel } from '../../domain/copy-maths.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import { accountsOf } from '../ledger/ledger.ts';
import { allRunningCopies, lockCopy, type CopyRow } from './copy-repository.ts';
import { endRunningCopy } from './copy-accounts.ts';
import { settleFee } from './copy-fees.ts';
import type { MirrorDeps } from './mirror-actions.ts';

export const GUARD_REFRESH_MS = 5000;

/** A check visits every running copy, so once per tick would cost thousands of times over. */
export const GUARD_CHECK_MS = 1000;

interface Watched {
  copy: CopyRow;
  level: Dec;
  /** Rounded down: an integer equity above it is above the level. */
  levelScaled: bigint | null;
  balance: Dec;
}

export class CopyGuard {
  private watched: Watched[] = [];
  private readAt = -Infinity;
  private checkedAt = -Infinity;
  private busy: Promise<void> | null = null;
  private readonly ending = new Set<number>();
  private readonly deps: MirrorDeps;

  constructor(deps: MirrorDeps) {
    this.deps = deps;
  }

  /** One at a time; a tick before GUARD_CHECK_MS waits for the next. */
  onTick(): void {
    const now = this.deps.clock.now();
    if (this.busy || now - this.checkedAt < GUARD_CHECK_MS) return;
    this.checkedAt = now;
    this.busy = this.check()
      .catch((err: unknown) => this.deps.log.error({ err }, 'copy stop-loss check failed'))
      .finally(() => {
        this.busy = null;
      });
  }

  async idle(): Promise<void> {
    while (this.busy) await this.busy;
  }

  private async refresh(): Promise<void> {
    const copies = await allRunningCopies(this.deps.db);
    const accounts = copies.map((c) => c.account_id);
    const balances = new Map((await accountsOf(this.deps.db, accounts)).map((a) => [Number(a.user_id), a.balance]));
    this.watched = copies.map((copy) => {
      const level = stopLossLevel(copy.net_invested, copy.stop_loss_percent);
      const levelScaled = bigScaledOf(exactText(roundDown(level, ACCOUNT_PLACES)), ACCOUNT_PLACES);
      return { copy, level, levelScaled, balance: dec(balances.get(copy.account_id) ?? 0) };
    });
    this.readAt = this.deps.clock.now();
  }

  /** null when not known yet. */
  private equityOf(w: Watched): Dec | null {
    const margin = dec(this.deps.engine.marginOf(w.copy.account_id));
    if (margin.isZero()) return w.balance;
    const rate = this.deps.engine.riskRateOf(w.copy.account_id);
    return rate === null ? null : margin.times(rate);
  }

  async check(force = false): Promise<void> {
    if (force || this.deps.clock.now() - this.readAt >= GUARD_REFRESH_MS) await this.refresh();
    for (const w of this.watched) {
      // Most copies are above their level: the integers say so without a decimal; at or near it the decimals decide.
      const scaled = this.deps.engine.equityScaled(w.copy.account_id);
      if (scaled !== null && w.levelScaled !== null && scaled > w.levelScaled) continue;
      const equity = this.equityOf(w);
      if (equity === null || equity.gt(w.level) || this.ending.has(w.copy.id)) continue;
      this.ending.add(w.copy.id);
      try {
        await this.stopOut(w.copy, equity);
      } finally {
        this.ending.delete(w.copy.id);
      }
    }
  }

  private async stopOut(copy: CopyRow, equity: Dec): Promise<void> {
    const ended = await endRunningCopy(this.deps, copy, 'copy_stop_loss');
    this.watched = this.watched.filter((w) => w.copy.id !== copy.id);
    if (!ended) return;
    await notifyAccount(this.deps, copy.follower_id, 'copy_stop_loss', {
      equity: fixed(equity, 2),
      percent: copy.stop_loss_percent,
    });
  }

  /** Claimed by period, so a second run settles nothing; answers how many paid one. */
  async settleMonth(): Promise<number> {
    const now = new Date(this.deps.clock.now());
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    // UTC, the month before this one: the period a month-end settlement closes.
    const period = `month:${new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7)}`;
    let paid = 0;
    for (const { id, started_at, follower_id } of await allRunningCopies(this.deps.db)) {
      if (Number(started_at) >= monthStart) continue; // started this month: nothing of last month to settle
      const due = await this.deps.db.tx(async (q) => {
        const copy = await lockCopy(q, id);
        return copy && copy.status !== 3 ? settleFee(this.deps, q, copy, period) : null;
      });
      if (!due || due.fee.isZero()) continue;
      paid += 1;
      await notifyAccount(this.deps, follower_id, 'copy_fee', { fee: exactText(due.fee) });
    }
    return paid;
  }
}
