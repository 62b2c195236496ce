// What a tick sets off (docs/trading.md), one action per order at a time, and the work under way so stop() can wait.
import type { CloseReason, Order } from '../../domain/types.ts';
import type { Price } from '../../domain/units.ts';
import type { Queryable } from '../db/db.ts';
import { type AccountBalance, getAccount } from '../ledger/ledger.ts';
import type { Tick } from '../market/market-view.ts';
import type { Services } from '../core/services.ts';
import type { EngineIndex, TickOutcome } from './index-types.ts';
import type { KnownInstruments } from './known-instruments.ts';
import type { OrderBook } from './order-book.ts';
import { getOrder, lockOrder } from './orders-repository.ts';
import { tickSides, watchedPrice, type Sides } from './sides.ts';
import { closeHolding, fillPending, RowChanged, trailStop, type Committed } from './transitions.ts';
import { pendingFills, stopHit, stopOutQueue, trailedStop } from './triggers.ts';
import type { OrderChange } from './order-wire.ts';
import type { EngineInstrument, OpenOrder, OrderRow } from './types.ts';

export interface TriggerHost {
  readonly ctx: Services;
  readonly book: OrderBook;
  readonly index: EngineIndex;
  /** false: a gateway's engine keeps its figures, the market writer triggers. */
  readonly fires: boolean;
  /** Inside a transaction getOrThrow is passed its `q`. */
  readonly instruments: Pick<KnownInstruments, 'get' | 'getOrThrow' | 'currentSides' | 'closePrice'>;
  afterCommit(done: Committed, change: OrderChange, reason: CloseReason | null): Order;
  cacheAccount(userId: number, a: AccountBalance): void;
}

export class TriggerRunner {
  /** A busy order is not triggered twice. */
  private readonly busy = new Map<number, Promise<void>>();
  private readonly stoppingOut = new Set<number>();
  private readonly work = new Set<Promise<unknown>>();
  private readonly host: TriggerHost;

  constructor(host: TriggerHost) {
    this.host = host;
  }

  isBusy(orderId: number): boolean {
    return this.busy.has(orderId);
  }

  running(orderId: number): Promise<void> | undefined {
    return this.busy.get(orderId);
  }

  async idle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  /** Runs inside the market's tick: decides in memory on what the index found, then starts the database work. */
  onTick(tick: Tick, { crossed, atRisk }: TickOutcome): void {
    if (!this.host.fires) return; // a gateway: figures kept, the market writer triggers
    if (crossed.length > 0) {
      const at = tickSides(tick);
      for (const id of crossed) {
        const o = this.host.book.get(id);
        if (o && !this.busy.has(id)) this.evaluate(o, at);
      }
    }
    for (const userId of atRisk) this.checkStopOut(userId);
  }

  /** Each order judged on its own side. */
  private evaluate(o: OpenOrder, sides: Sides): void {
    const at = watchedPrice(o, sides);
    if (o.status === 0) {
      if (pendingFills(o.originPrice, o.price, at)) void this.runFor(o.id, () => this.fillTriggered(o.id, at));
      return;
    }
    const reason = stopHit(o.side, at, o.stopProfit, o.stopLoss);
    if (reason) void this.runFor(o.id, () => this.closeTriggered(o.id, at, reason));
    else if (o.trailDistance && trailedStop(o.side, at, o.trailDistance, o.stopLoss)) {
      void this.runFor(o.id, () => this.trailTriggered(o.id, at));
    }
  }

  /** So stop() can wait for it; callers handle its errors. */
  track(p: Promise<unknown>): void {
    this.work.add(p);
    const done = (): void => {
      this.work.delete(p);
    };
    p.then(done, done);
  }

  /** Errors are logged, never thrown into the tick; tracked, so callers on the tick path may drop the promise. */
  runFor(orderId: number, action: () => Promise<void>): Promise<void> {
    let failed = false;
    const run = action()
      .catch((err: unknown) => {
        failed = true; // not retried on the spot: a failing action must not spin against the database
        this.host.ctx.log.error({ err, orderId }, 'order trigger failed');
      })
      .finally(() => {
        this.busy.delete(orderId);
        if (failed) return;
        // Ticks seen while busy were skipped for this order: judge it again at the latest price.
        const o = this.host.book.get(orderId);
        const inst = o ? this.host.instruments.get(o.instrumentId) : undefined;
        const current = inst ? this.host.instruments.currentSides(inst) : null;
        if (o && inst && current && this.host.ctx.market.isOpen(inst.code)) this.evaluate(o, current);
      });
    this.busy.set(orderId, run);
    this.track(run);
    return run;
  }

  private async fillTriggered(orderId: number, at: Price): Promise<void> {
    const done = await this.triggerTx(orderId, 0, async (q, row, inst) =>
      fillPending(q, row, inst, at, this.host.ctx.clock.now()),
    );
    if (done) this.host.afterCommit(done, 'changed', null);
  }

  private async closeTriggered(orderId: number, at: Price, reason: CloseReason): Promise<void> {
    const done = await this.triggerTx(orderId, 1, async (q, row, inst) =>
      closeHolding(q, row, inst, at, reason, this.host.ctx.clock.now()),
    );
    if (done) this.host.afterCommit(done, 'closed', reason);
  }

  /** One conditional write, pushed as a change so the app shows the new stop. */
  private async trailTriggered(orderId: number, at: Price): Promise<void> {
    const done = await this.triggerTx(orderId, 1, async (q, row, inst) => trailStop(q, row, inst, at));
    if (done) this.host.afterCommit(done, 'changed', null);
  }

  /** null (nothing done) when a user action got there first. */
  async triggerTx(
    orderId: number,
    status: 0 | 1,
    fn: (q: Queryable, row: OrderRow, inst: EngineInstrument) => Promise<Committed>,
  ): Promise<Committed | null> {
    const o = this.host.book.get(orderId);
    if (!o) return null;
    try {
      type Outcome = { stale: OrderRow | null } | { done: Committed };
      const result = await this.host.ctx.db.tx(async (q): Promise<Outcome> => {
        const row = await lockOrder(q, orderId, o.userId, status);
        if (!row) return { stale: await getOrder(q, orderId) };
        return { done: await fn(q, row, await this.host.instruments.getOrThrow(row.instrumentId, q)) };
      });
      if ('done' in result) return result.done;
      // The index was behind the database (a user action not yet applied, a demo reset): catch up.
      if (result.stale) this.host.book.apply(result.stale);
      else this.host.book.remove(orderId);
      return null;
    } catch (err) {
      if (err instanceof RowChanged) return null;
      throw err;
    }
  }

  private checkStopOut(userId: number): void {
    if (this.stoppingOut.has(userId) || !this.host.index.belowStopOut(userId)) return;
    this.stoppingOut.add(userId);
    this.track(
      this.stopOut(userId)
        .catch((err: unknown) => this.host.ctx.log.error({ err, userId }, 'stop-out failed'))
        .finally(() => this.stoppingOut.delete(userId)),
    );
  }

  /** Re-reads the figures from the database before each close: the cache only decides when to look. */
  private async stopOut(userId: number): Promise<void> {
    const tried = new Set<number>();
    for (;;) {
      const acc = await getAccount(this.host.ctx.db, userId);
      if (!acc) return;
      this.host.cacheAccount(userId, acc);
      if (!this.host.index.belowStopOut(userId)) return;
      // Only positions whose market is open can be closed (at a live price); a failed close is not retried here.
      const exposures = [];
      for (const o of this.host.book.forUser(userId)) {
        const inst = this.host.instruments.get(o.instrumentId);
        if (o.status !== 1 || tried.has(o.id) || !inst || !this.host.ctx.market.isOpen(inst.code)) continue;
        const f = this.host.index.floatingOfOrder(o.id);
        if (f) exposures.push({ id: o.id, floating: f });
      }
      const worst = stopOutQueue(exposures)[0];
      if (!worst) return;
      const running = this.busy.get(worst.id);
      if (running) {
        await running; // a stop is already closing it: judge again afterwards
        continue;
      }
      const o = this.host.book.get(worst.id);
      const inst = o ? this.host.instruments.get(o.instrumentId) : undefined;
      const at = inst && o ? this.host.instruments.closePrice(inst, o.side === 'buy' ? 1 : 2) : null;
      if (!o || !inst || !at) return;
      tried.add(o.id);
      await this.runFor(o.id, () => this.closeTriggered(o.id, at, 'stop_out'));
    }
  }
}
