// The order engine: the database is the authority, the in-memory book and tick index follow each commit.
import { sideOf } from '../../domain/trade-maths.ts';
import { inCloseScope, type CloseAllItem, type CloseScope } from '../../domain/close-scope.ts';
import type { CloseReason, Order } from '../../domain/types.ts';
import { lots, type Price, type Ratio, type Usd } from '../../domain/units.ts';
import type { Services } from '../core/services.ts';
import type { Queryable } from '../db/db.ts';
import type { Tick } from '../market/market-view.ts';
import { ApiError } from '../http/envelope.ts';
import { submitQueryOf } from '../http/wire/submit-query.ts';
import { checkSameParams, paramsFingerprint, storedAnswer, type StoredKey } from './idempotency.ts';
import { OrderBook } from './order-book.ts';
import { movePendingPrice } from './pending-price.ts';
import { orderPush, toWireOrder, type OrderChange } from './order-wire.ts';
import { getOrder, loadOpenOrders, lockOrder, openOrdersOfUser } from './orders-repository.ts';
import { checkStops, closeLots, optionalPrice, submitInTx, type SubmitInput } from './submit-order.ts';
import {
  cancelPending,
  changeStops,
  closeHolding,
  closePart,
  type Committed,
  type PartCommitted,
} from './transitions.ts';
import type { EngineIndex, IndexSource } from './index-types.ts';
import { TickIndex } from './tick-index.ts';
import { TriggerRunner } from './trigger-runner.ts';
import { AccountFigures } from './account-figures.ts';
import { KnownInstruments, type InstrumentSource } from './known-instruments.ts';
import { SidedIndex } from './sided-index.ts';
import { closeSide, openSide } from './sides.ts';
import { BOOK_VIEW_TTL_MS, computeBookView, type BookView } from './book-view.ts';
import { AccountTags } from './account-tags.ts';
import { trailedStop } from './triggers.ts';
import type { EngineInstrument, OrderRow } from './types.ts';

/** Deposits and withdrawals happen elsewhere, so cached balances are re-read on this period. */
export const ACCOUNT_REFRESH_MS = 5000;

export type IndexFactory = (source: IndexSource) => EngineIndex;

export interface EngineOptions {
  /** A gateway's engine only acts for users and keeps its index; the writer fires the triggers. */
  triggers?: boolean;
  /** So other processes re-read the order (server/bus SUBJECTS.order). */
  announce?: (orderId: number) => void;
  makeIndex?: IndexFactory;
}

export class OrderEngine {
  readonly book: OrderBook;
  private readonly sided: SidedIndex;
  /** The figures no side changes (margin, floating, stop-out), read past the sided wrapper. */
  private readonly index: EngineIndex;
  readonly instruments: KnownInstruments;
  private readonly triggers: TriggerRunner;
  private readonly accounts: AccountFigures;
  private lastView: BookView | null = null;
  /** The dealer's view and the metrics leave demo accounts out. */
  readonly tags = new AccountTags();
  /** Copy trading's hook (server/copy/mirror.ts), called after the owner's push. */
  onCommitted: ((row: OrderRow) => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private refreshTimer: unknown = null;
  private readonly ctx: Services;
  private readonly opts: EngineOptions;

  constructor(ctx: Services, loadInstruments: InstrumentSource, opts: EngineOptions = {}) {
    this.ctx = ctx;
    this.opts = opts;
    this.instruments = new KnownInstruments(ctx.market, loadInstruments, (id) => {
      const orders = this.book.forInstrument(id);
      if (orders.length > 0) this.sided.reindex(id, orders);
    });
    const makeIndex = opts.makeIndex ?? ((source: IndexSource) => new TickIndex(source));
    // Two-sided prices: each order watches its one side (sides.ts), the index sees each side as an instrument.
    this.sided = new SidedIndex(
      {
        instrument: (id) => this.instruments.get(id),
        latestSides: (inst) => {
          const q = this.ctx.market.latest(inst.code);
          return q ? { bid: q.close, ask: q.ask ?? q.close } : null;
        },
      },
      makeIndex,
    );
    this.index = this.sided.inner;
    this.book = new OrderBook(this.sided);
    this.accounts = new AccountFigures(ctx.db, this.book, this.index, (id) => this.triggers.isBusy(id));
    this.triggers = new TriggerRunner({
      ctx,
      book: this.book,
      index: this.index,
      fires: opts.triggers !== false,
      instruments: this.instruments,
      afterCommit: (done, type, reason) => this.applyCommitted(done, type, reason),
      cacheAccount: (userId, a) => this.accounts.cache(userId, a),
    });
  }

  async start(): Promise<void> {
    await this.instruments.reload(this.ctx.db);
    for (const row of await loadOpenOrders(this.ctx.db)) this.book.apply(row);
    await this.tags.ensure(this.ctx.db, this.book.users());
    await this.accounts.refresh();
    this.unsubscribe = this.ctx.market.onTick((tick) => this.onTick(tick));
    this.refreshTimer = this.ctx.timers.setInterval(() => {
      this.triggers.track(
        this.accounts.refresh().catch((err: unknown) => this.ctx.log.error({ err }, 'account refresh failed')),
      );
    }, ACCOUNT_REFRESH_MS);
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.refreshTimer !== null) this.ctx.timers.clearInterval(this.refreshTimer);
    this.refreshTimer = null;
    await this.idle();
  }

  async idle(): Promise<void> {
    await this.triggers.idle();
  }

  instrument = (id: number): EngineInstrument | undefined => this.instruments.get(id);

  /** For figures with no side (swaps in percent, the dealer's view): the bid the chart draws. */
  currentPrice(inst: EngineInstrument): Price | null {
    return this.instruments.currentSides(inst)?.bid ?? null;
  }

  wire(row: OrderRow): Order {
    const inst = this.instruments.get(row.instrumentId);
    if (!inst) throw new Error(`order ${row.id} refers to unknown instrument ${row.instrumentId}`);
    if (row.status === 3) return toWireOrder(row, inst, null);
    const s = this.instruments.currentSides(inst);
    const side = sideOf(row.orderType);
    return toWireOrder(row, inst, s ? (row.status === 1 ? closeSide(side, s) : openSide(side, s)) : null);
  }

  async submit(userId: number, instrumentId: number, input: SubmitInput, idemKey: string | null): Promise<Order> {
    const params = paramsFingerprint(instrumentId, submitQueryOf(input));
    if (idemKey) {
      const stored = await storedAnswer(this.ctx.db, userId, idemKey);
      if (stored) return this.replay(stored, params);
    }
    const inst = await this.instruments.getOrThrow(instrumentId, this.ctx.db);
    await this.tags.ensure(this.ctx.db, [userId]);
    const result = await this.ctx.db.tx((q) =>
      submitInTx(
        q,
        { clock: this.ctx.clock, market: this.ctx.market, instruments: this.instruments },
        { userId, inst, input, idemKey, params },
      ),
    );
    if ('replay' in result) return this.replay({ orderId: result.replay.Id, first: result.replay, params }, params);
    this.applyCommitted(result.done);
    return result.order;
  }

  /** Refused for other parameters; else the order as it is now, or the first answer when it is gone. */
  private async replay(stored: StoredKey, params: string): Promise<Order> {
    checkSameParams(stored, params);
    const row = stored.orderId === null ? null : await getOrder(this.ctx.db, stored.orderId);
    return row && this.instruments.has(row.instrumentId) ? this.wire(row) : stored.first;
  }

  /** A partial close leaves the rest open with its share of margin and fee; answers the closed part. */
  async close(userId: number, id: number, lotsText = ''): Promise<Order> {
    type Outcome = { full: Committed } | { part: PartCommitted };
    const out = await this.ctx.db.tx(async (q): Promise<Outcome> => {
      const row = await lockOwnOrder(q, userId, id, 1);
      const inst = await this.instruments.getOrThrow(row.instrumentId, q);
      const current = this.instruments.closePrice(inst, row.orderType);
      this.instruments.refuseOnBlock(inst.code);
      if (!this.ctx.market.isOpen(inst.code)) throw new ApiError('market_closed');
      if (!current) throw new ApiError('no_price');
      const part = closeLots(lotsText, lots(row.quantity), inst);
      const now = this.ctx.clock.now();
      if (!part) return { full: await closeHolding(q, row, inst, current, 'user', now) };
      return { part: await closePart(q, row, inst, part, current, now) };
    });
    if ('full' in out) return this.applyCommitted(out.full, 'closed', 'user');
    this.applyCommitted(out.part.rest);
    return this.applyCommitted(out.part.closed, 'closed', 'user');
  }

  /** docs/trading.md "Close all": one transaction each, so a refusal of one does not stop the others. */
  async closeAll(userId: number, scope: CloseScope): Promise<CloseAllItem[]> {
    const results: CloseAllItem[] = [];
    for (const row of await openOrdersOfUser(this.ctx.db, userId, 1)) {
      if (!inCloseScope({ side: sideOf(row.orderType), instrumentId: row.instrumentId }, scope)) continue;
      try {
        results.push({ Id: row.id, ok: true, order: await this.close(userId, row.id), error: '' });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        results.push({ Id: row.id, ok: false, order: null, error: err.key });
      }
    }
    return results;
  }

  async cancel(userId: number, id: number): Promise<Order> {
    const done = await this.ctx.db.tx(async (q) => {
      const row = await lockOwnOrder(q, userId, id, 0);
      const inst = await this.instruments.getOrThrow(row.instrumentId, q);
      return cancelPending(q, row, inst, this.instruments.openPrice(inst, row.orderType), this.ctx.clock.now());
    });
    return this.applyCommitted(done, 'closed', 'cancel');
  }

  /** Cancelled as a user's cancel is; a busy order waits for the next sweep. */
  async expirePending(orderId: number): Promise<void> {
    if (this.triggers.isBusy(orderId)) return;
    await this.triggers.runFor(orderId, async () => {
      const done = await this.triggers.triggerTx(orderId, 0, async (q, row, inst) =>
        cancelPending(q, row, inst, this.instruments.openPrice(inst, row.orderType), this.ctx.clock.now(), 'expired'),
      );
      if (done) this.applyCommitted(done, 'closed', 'expired');
    });
  }

  /** "0" clears each; with a distance, the stop-loss starts at the more favourable of the typed and the trailed one. */
  async setStops(userId: number, id: number, profitText: string, lossText: string, trailText = '0'): Promise<Order> {
    const done = await this.ctx.db.tx(async (q) => {
      const row = await lockOwnOrder(q, userId, id, 1);
      const inst = await this.instruments.getOrThrow(row.instrumentId, q);
      // A halt freezes modifications as MT5 does (docs/trading.md "During a halt"); a pending cancel stays allowed.
      this.instruments.refuseOnBlock(inst.code);
      const current = this.instruments.closePrice(inst, row.orderType);
      if (!current) throw new ApiError('no_price');
      const profit = optionalPrice(profitText, inst, 'stop_price_invalid');
      const typedLoss = optionalPrice(lossText, inst, 'stop_price_invalid');
      const trail = optionalPrice(trailText, inst, 'trail_distance_invalid');
      const side = sideOf(row.orderType);
      const loss = trail ? (trailedStop(side, current, trail, typedLoss) ?? typedLoss) : typedLoss;
      if (trail && !loss) throw new ApiError('stop_price_far'); // a buy's distance as large as the price
      checkStops(side, current, profit, loss);
      return changeStops(q, row, inst, profit, loss, trail, current);
    });
    return this.applyCommitted(done);
  }

  async setPendingPrice(userId: number, id: number, priceText: string): Promise<Order> {
    const done = await this.ctx.db.tx(async (q) => {
      const row = await lockOwnOrder(q, userId, id, 0);
      const inst = await this.instruments.getOrThrow(row.instrumentId, q);
      return movePendingPrice(q, row, inst, priceText, this.instruments, this.ctx.market, this.ctx.clock.now());
    });
    return this.applyCommitted(done);
  }

  /** Re-read from the database so the writer triggers the changed order on the next tick. */
  async refreshOrder(orderId: number): Promise<void> {
    const row = await getOrder(this.ctx.db, orderId);
    const running = this.triggers.running(orderId);
    if (running) await running;
    if (!row) {
      this.book.remove(orderId);
      return;
    }
    // Read again after a trigger finished: what it committed is newer than the row read above.
    const latest = running ? await getOrder(this.ctx.db, orderId) : row;
    if (!latest) this.book.remove(orderId);
    else {
      if (!this.instruments.has(latest.instrumentId)) await this.instruments.reload(this.ctx.db);
      await this.tags.ensure(this.ctx.db, [latest.userId]);
      this.book.apply(latest);
      this.onCommitted?.(latest);
    }
  }

  /** Index, cached account, then the owner's push, which must show the committed figures; swaps and copies too. */
  applyCommitted(done: Committed, change: OrderChange = 'changed', reason: CloseReason | null = null): Order {
    this.book.apply(done.row);
    this.opts.announce?.(done.row.id);
    if (done.account) this.accounts.cache(done.row.userId, done.account);
    const order = this.wire(done.row);
    this.ctx.push.toUser(done.row.userId, orderPush(change, done.seq, order, reason));
    this.onCommitted?.(done.row);
    return order;
  }

  /** Accounts not read yet go through `q`: an ops command passes its transaction's, never the outer db. */
  async bookView(q: Queryable, maxAgeMs = BOOK_VIEW_TTL_MS): Promise<BookView> {
    await this.tags.ensure(q, this.book.users());
    const now = this.ctx.clock.now();
    // A page polling every second costs one pass over the open positions a second, whatever the viewers; 0 makes it now.
    const last = this.lastView;
    if (last && now - last.at < maxAgeMs && now >= last.at) return last;
    const { book, tags, instruments, index } = this;
    this.lastView = computeBookView({ book, tags, instruments, index }, now);
    return this.lastView;
  }

  riskRateOf(userId: number): Ratio | null {
    return this.accounts.riskRateOf(userId);
  }

  /** Not lock_balance: that also holds pending withdrawals, which must neither count as margin nor cover a loss. */
  marginOf(userId: number): Usd {
    return this.index.marginOf(userId);
  }

  /** null when only the decimal figures answer; a check over thousands of accounts per tick stays in integers. */
  equityScaled(userId: number): bigint | null {
    return this.index.equityScaled?.(userId) ?? null;
  }

  /** Each position rounded by money(), as the ledger will book it. */
  floatingOf(userId: number): Usd {
    return this.index.floatingOf(userId);
  }

  /** Runs inside the market's tick: decides in memory, then starts the database work. */
  onTick(tick: Tick): void {
    this.triggers.onTick(tick, this.sided.tick(tick.instrumentId, tick.price, tick.ask));
  }
}

/** 0 pending, 1 holding; another user's order reads exactly as an unknown one, with no hint that it exists. */
async function lockOwnOrder(q: Queryable, userId: number, id: number, status: 0 | 1): Promise<OrderRow> {
  const row = await lockOrder(q, id, userId, status);
  if (row) return row;
  const any = await getOrder(q, id);
  if (!any || any.userId !== userId) throw new ApiError('order_not_found');
  throw new ApiError(status === 1 ? 'order_not_holding' : 'order_not_pending');
}
