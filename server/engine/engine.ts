// The order engine: user actions (submit, close, cancel, stops), the tick-driven triggers (pending fills, stop-profit,
// stop-loss, trailing stops, stop-out) over an in-memory index of open orders (the book, and the tick index that keeps per-tick work in
// proportion to what a tick changes, not to the book: tick-index.ts), and the owner's FOREX_TRADE / FOREX_CLOSED pushes.
// The database is the authority: every change runs in one transaction and is conditional on the status it expects.
// Long on purpose: the actions and the triggers share one in-memory index and its locking; the rules
// already live apart (submit-check.ts, triggers, amounts in domain/trade-maths.ts). Split further only with the index.
import { checkOpenOrderCap } from '../security/open-orders.ts';
import { riskRate, sideOf } from '../../domain/trade-maths.ts';
import { inCloseScope, type CloseAllItem, type CloseScope } from '../../domain/close-scope.ts';
import type { CloseReason, Order } from '../../domain/types.ts';
import { lots, usd, type Price, type Ratio, type Usd } from '../../domain/units.ts';
import type { Services } from '../services.ts';
import type { Tick } from '../market/market-view.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { accountsOf, getAccount, type AccountBalance } from '../ledger/ledger.ts';
import { getSetting } from '../settings/settings.ts';
import {
  checkSameParams,
  claimKey,
  paramsFingerprint,
  saveAnswer,
  storedAnswer,
  type StoredKey,
} from './idempotency.ts';
import { checkExpiryWritten, expiryOf, setExpiry } from './pending-expiry.ts';
import { OrderBook } from './order-book.ts';
import { toWireOrder } from './order-wire.ts';
import { getOrder, loadOpenOrders, lockOrder, openOrderIds, openOrdersOfUser } from './orders-repository.ts';
import { checkStops, closeLots, optionalPrice, planSubmit, type SubmitInput } from './submit-check.ts';
import {
  cancelPending,
  changeStops,
  closeHolding,
  closePart,
  fillPending,
  openOrder,
  RowChanged,
  trailStop,
  type Committed,
  type PartCommitted,
} from './transitions.ts';
import type { EngineIndex, IndexSource } from './index-types.ts';
import { TickIndex } from './tick-index.ts';
import { SidedIndex } from './sided-index.ts';
import { closeSide, openSide, quoteSides, tickSides, watchedPrice, type Sides } from './sides.ts';
import { BookViewCache, type BookView } from './book-view.ts';
import { pendingFills, stopHit, stopOutQueue, trailedStop } from './triggers.ts';
import type { EngineInstrument, OpenOrder, OrderRow } from './types.ts';

/** How often the cached balances of users with open orders are re-read (deposits, withdrawals happen elsewhere). */
export const ACCOUNT_REFRESH_MS = 5000;

export type InstrumentSource = (q: Queryable) => Promise<EngineInstrument[]>;
export type IndexFactory = (source: IndexSource) => EngineIndex;

export interface EngineOptions {
  /** Fire the tick-driven triggers (default true). A gateway's engine only acts for users and keeps its index. */
  triggers?: boolean;
  /** Told the id of every order this engine committed, so other processes re-read it (server/bus SUBJECTS.order). */
  announce?: (orderId: number) => void;
  makeIndex?: IndexFactory;
}

/** Instruments whose terms the index scaled its figures by. */
const termsOf = (i: EngineInstrument): string => `${i.pricePrecision}|${i.spec.ForexContNum}`;

export class OrderEngine {
  readonly book: OrderBook;
  /** Sums, ladders and the cached available balances (the margin comes from the book). */
  private readonly index: EngineIndex;
  private readonly instruments = new Map<number, EngineInstrument>();
  /** Trigger actions under way, by order id: a busy order is not triggered twice. */
  private readonly busy = new Map<number, Promise<void>>();
  /** Users whose stop-out run is under way. */
  private readonly stoppingOut = new Set<number>();
  private readonly work = new Set<Promise<unknown>>();
  /** The cached available balances (also in the index, which keeps them in its own units). */
  private readonly balances = new Map<number, string>();
  private viewCache: BookViewCache | null = null;
  private unsubscribe: (() => void) | null = null;
  private refreshTimer: unknown = null;

  constructor(
    private readonly ctx: Services,
    private readonly loadInstruments: InstrumentSource,
    private readonly opts: EngineOptions = {},
  ) {
    const makeIndex = opts.makeIndex ?? ((source: IndexSource) => new TickIndex(source));
    // Two-sided prices: each order watches its one side (sides.ts), the index sees each side as an instrument.
    this.index = new SidedIndex(
      {
        instrument: (id) => this.instruments.get(id),
        latestSides: (inst) => {
          const q = this.ctx.market.latest(inst.code);
          return q ? { bid: q.close, ask: q.ask ?? q.close } : null;
        },
      },
      makeIndex,
    );
    this.book = new OrderBook(this.index);
  }

  async start(): Promise<void> {
    await this.reloadInstruments();
    for (const row of await loadOpenOrders(this.ctx.db)) this.book.apply(row);
    await this.refreshAccounts();
    this.unsubscribe = this.ctx.market.onTick((tick) => this.onTick(tick));
    this.refreshTimer = this.ctx.timers.setInterval(() => {
      this.track(this.refreshAccounts().catch((err: unknown) => this.ctx.log.error({ err }, 'account refresh failed')));
    }, ACCOUNT_REFRESH_MS);
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.refreshTimer !== null) this.ctx.timers.clearInterval(this.refreshTimer);
    this.refreshTimer = null;
    await this.idle();
  }

  /** Resolves once every trigger action started so far (and any it started) has finished. */
  async idle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  instrument(id: number): EngineInstrument | undefined {
    return this.instruments.get(id);
  }

  private async reloadInstruments(q: Queryable = this.ctx.db): Promise<void> {
    for (const inst of await this.loadInstruments(q)) {
      const before = this.instruments.get(inst.id);
      this.instruments.set(inst.id, inst);
      // The index scaled its figures by the old terms (or had none): index the instrument's orders again.
      if (before && termsOf(before) === termsOf(inst)) continue;
      const orders = this.book.forInstrument(inst.id);
      if (orders.length > 0) this.index.reindex(inst.id, orders);
    }
  }

  /** Inside a transaction pass its `q`: PGlite's outer handle waits for the transaction and would deadlock. */
  private async instrumentOrThrow(id: number, q: Queryable = this.ctx.db): Promise<EngineInstrument> {
    let inst = this.instruments.get(id);
    if (!inst) {
      await this.reloadInstruments(q); // a catalog entry added since start
      inst = this.instruments.get(id);
    }
    if (!inst) throw new ApiError('instrument_not_found');
    return inst;
  }

  /** The feed's refusal (docs/market-data.md): a stale price or a desk halt, with the reason traders see. */
  private refuseOnFeed(code: string): void {
    const block = this.ctx.market.tradeBlock?.(code);
    if (block)
      throw new ApiError(block.key, undefined, block.key === 'instrument_halted' ? { reason: block.reason } : {});
  }

  /** The live bid and ask of an instrument (equal for one price), null when the market has none. */
  currentSides(inst: EngineInstrument): Sides | null {
    return quoteSides(this.ctx.market.latest(inst.code));
  }

  /** The instrument's one shown price (the bid, what the chart draws), for figures that have no side: swaps in
   * percent, the dealer's view. */
  currentPrice(inst: EngineInstrument): Price | null {
    return this.currentSides(inst)?.bid ?? null;
  }

  /** The live price an order of this type opens at (a buy's ask, a sell's bid). */
  private openPrice(inst: EngineInstrument, orderType: number): Price | null {
    const s = this.currentSides(inst);
    return s ? openSide(sideOf(orderType), s) : null;
  }

  /** The live price a position of this type closes at (a buy's bid, a sell's ask). */
  private closePrice(inst: EngineInstrument, orderType: number): Price | null {
    const s = this.currentSides(inst);
    return s ? closeSide(sideOf(orderType), s) : null;
  }

  wire(row: OrderRow): Order {
    const inst = this.instruments.get(row.instrumentId);
    if (!inst) throw new Error(`order ${row.id} refers to unknown instrument ${row.instrumentId}`);
    if (row.status === 3) return toWireOrder(row, inst, null);
    const s = this.currentSides(inst);
    const side = sideOf(row.orderType);
    return toWireOrder(row, inst, s ? (row.status === 1 ? closeSide(side, s) : openSide(side, s)) : null);
  }

  // ---- user actions -------------------------------------------------------------------------------------------

  async submit(userId: number, forexId: number, input: SubmitInput, idemKey: string | null): Promise<Order> {
    const params = paramsFingerprint(forexId, { ...input });
    if (idemKey) {
      const stored = await storedAnswer(this.ctx.db, userId, idemKey);
      if (stored) return this.replay(stored, params);
    }
    const inst = await this.instrumentOrThrow(forexId);
    if (inst.tradable === false) throw new ApiError('instrument_not_found');
    this.refuseOnFeed(inst.code);
    type Outcome = { replay: Order } | { done: Committed; order: Order };
    const result = await this.ctx.db.tx(async (q): Promise<Outcome> => {
      const now = this.ctx.clock.now();
      // Claiming the key first makes a concurrent retry wait here until this transaction ends.
      if (idemKey && !(await claimKey(q, userId, idemKey, params, now))) {
        const stored = await storedAnswer(q, userId, idemKey);
        if (!stored) throw new Error('idempotency key claimed without an answer');
        checkSameParams(stored, params);
        return { replay: stored.first };
      }
      const tradeFeeType = Number(await getSetting(q, 'trade_fee_type'));
      // One quote for the whole submit: the price it opens at and the side it is shown at come from the same tick.
      const sides = this.currentSides(inst);
      const side = sideOf(input.type);
      const plan = planSubmit(
        input,
        inst,
        {
          open: this.ctx.market.isOpen(inst.code),
          current: sides && openSide(side, sides),
          closeAt: sides && closeSide(side, sides),
        },
        tradeFeeType,
      );
      // A pending order's expiry; refused (past, not a date) before anything is booked. A market order has none, but
      // a malformed one is refused all the same (docs/trading.md "Submit", step 9): never silently ignored.
      if (plan.status !== 0) checkExpiryWritten(input.expire, now);
      const expiresAt = plan.status === 0 ? expiryOf(input.expire, now) : 0;
      await checkOpenOrderCap(q, userId);
      const done = await openOrder(q, userId, inst, plan, now);
      if (expiresAt > 0) {
        await setExpiry(q, done.row.id, expiresAt);
        done.row = { ...done.row, expiresAt };
      }
      // A position is shown at its closing side at once (a buy bought at the ask shows its P&L at the bid).
      const shown = plan.status === 1 && sides ? closeSide(plan.side, sides) : plan.originPrice;
      const order = toWireOrder(done.row, inst, shown);
      if (idemKey) await saveAnswer(q, userId, idemKey, order);
      return { done, order };
    });
    if ('replay' in result) return this.replay({ orderId: result.replay.Id, first: result.replay, params }, params);
    this.afterCommit(result.done, 'FOREX_TRADE', null);
    return result.order;
  }

  /** A replayed key's answer: refused for other parameters, else the order as it is now (the first answer when gone). */
  private async replay(stored: StoredKey, params: string): Promise<Order> {
    checkSameParams(stored, params);
    const row = stored.orderId === null ? null : await getOrder(this.ctx.db, stored.orderId);
    return row && this.instruments.has(row.instrumentId) ? this.wire(row) : stored.first;
  }

  /** Closes a holding order at the live price: all of it, or `lotsText` lots of it (a partial close: the rest stays
   * open with its share of margin and fee, and the closed part becomes a history row of its own). Answers the closed
   * order (or part). */
  async close(userId: number, id: number, lotsText = ''): Promise<Order> {
    type Outcome = { full: Committed } | { part: PartCommitted };
    const out = await this.ctx.db.tx(async (q): Promise<Outcome> => {
      const row = await this.lockOwn(q, userId, id, 1);
      const inst = await this.instrumentOrThrow(row.instrumentId, q);
      const current = this.closePrice(inst, row.orderType);
      this.refuseOnFeed(inst.code);
      if (!this.ctx.market.isOpen(inst.code)) throw new ApiError('market_closed');
      if (!current) throw new ApiError('no_price');
      const part = closeLots(lotsText, lots(row.quantity), inst);
      const now = this.ctx.clock.now();
      if (!part) return { full: await closeHolding(q, row, inst, current, 'user', now) };
      return { part: await closePart(q, row, inst, part, current, now) };
    });
    if ('full' in out) return this.afterCommit(out.full, 'FOREX_CLOSED', 'user');
    this.afterCommit(out.part.rest, 'FOREX_TRADE', null);
    return this.afterCommit(out.part.closed, 'FOREX_CLOSED', 'user');
  }

  /** Close all: every holding order of the user in the scope, each in its own transaction, one after the
   * other; a refusal of one (its market closed, a race) does not stop the others. The result lists each. */
  async closeAll(userId: number, scope: CloseScope): Promise<CloseAllItem[]> {
    const held = await openOrdersOfUser(this.ctx.db, userId, 1);
    const results: CloseAllItem[] = [];
    for (const row of held) {
      if (!inCloseScope({ side: sideOf(row.orderType), forexId: row.instrumentId }, scope)) continue;
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
      const row = await this.lockOwn(q, userId, id, 0);
      const inst = await this.instrumentOrThrow(row.instrumentId, q);
      return cancelPending(q, row, inst, this.openPrice(inst, row.orderType), this.ctx.clock.now());
    });
    return this.afterCommit(done, 'FOREX_CLOSED', 'cancel');
  }

  /** A pending order past its expiry (pending-expiry.ts, on the writer): cancelled as a user's cancel is — margin
   * released, fee refunded — with CloseReason "expired". Nothing when it filled or went meanwhile; a busy order waits
   * for the next sweep. */
  async expirePending(orderId: number): Promise<void> {
    if (this.busy.has(orderId)) return;
    await this.runFor(orderId, async () => {
      const done = await this.triggerTx(orderId, 0, async (q, row, inst) =>
        cancelPending(q, row, inst, this.openPrice(inst, row.orderType), this.ctx.clock.now(), 'expired'),
      );
      if (done) this.afterCommit(done, 'FOREX_CLOSED', 'expired');
    });
  }

  /** Stop-profit, stop-loss and trailing distance at once ("0" clears each). With a distance, the stop-loss starts at
   * the more favourable of the typed one and the price less (buy) / plus (sell) the distance. */
  async setStops(userId: number, id: number, profitText: string, lossText: string, trailText = '0'): Promise<Order> {
    const done = await this.ctx.db.tx(async (q) => {
      const row = await this.lockOwn(q, userId, id, 1);
      const inst = await this.instrumentOrThrow(row.instrumentId, q);
      // A halt freezes the instrument's orders: no close and no change of stops (as MT5 refuses modifications during
      // a halt; docs/trading.md "Halts and expiry"). A cancel of a pending order stays allowed.
      this.refuseOnFeed(inst.code);
      const current = this.closePrice(inst, row.orderType);
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
    return this.afterCommit(done, 'FOREX_TRADE', null);
  }

  /** The user's own order in the wanted status, locked; another user's id reads as not found. */
  private async lockOwn(q: Queryable, userId: number, id: number, status: 0 | 1): Promise<OrderRow> {
    const row = await lockOrder(q, id, userId, status);
    if (row) return row;
    const any = await getOrder(q, id);
    if (!any || any.userId !== userId) throw new ApiError('order_not_found');
    throw new ApiError(status === 1 ? 'order_not_holding' : 'order_not_pending');
  }

  /**
   * Another process committed a change to this order (server/bus SUBJECTS.order): re-read it from the database, the
   * authority, so the index follows at once — the market writer triggers a new pending order or stop on the next
   * tick instead of at its next reconcile. A row read while a trigger runs on it is applied after that trigger.
   */
  async refreshOrder(orderId: number): Promise<void> {
    const row = await getOrder(this.ctx.db, orderId);
    const running = this.busy.get(orderId);
    if (running) await running;
    if (!row) {
      this.book.remove(orderId);
      return;
    }
    // Read again after a trigger finished: what it committed is newer than the row read above.
    const latest = running ? await getOrder(this.ctx.db, orderId) : row;
    if (!latest) this.book.remove(orderId);
    else {
      if (!this.instruments.has(latest.instrumentId)) await this.reloadInstruments();
      this.book.apply(latest);
    }
  }

  /** After a commit: the index, the cached account, and the owner's push, in that order. */
  private afterCommit(done: Committed, type: 'FOREX_TRADE' | 'FOREX_CLOSED', reason: CloseReason | null): Order {
    this.book.apply(done.row);
    this.opts.announce?.(done.row.id);
    if (done.account) this.cacheAccount(done.row.userId, done.account);
    const order = this.wire(done.row);
    if (type === 'FOREX_CLOSED' && reason) {
      this.ctx.push.toUser(done.row.userId, { type, seq: done.seq, data: { ...order, CloseReason: reason } });
    } else {
      this.ctx.push.toUser(done.row.userId, { type: 'FOREX_TRADE', seq: done.seq, data: order });
    }
    return order;
  }

  // ---- account figures ------------------------------------------------------------------------------------------

  private cacheAccount(userId: number, a: AccountBalance): void {
    this.index.setBalance(userId, String(a.balance));
    this.balances.set(userId, String(a.balance));
  }

  /** The dealer's view (book-view.ts) from the engine's own figures, made again at most once a second. */
  bookView(maxAgeMs?: number): BookView {
    this.viewCache ??= new BookViewCache(
      {
        users: () => this.book.users(),
        ordersOf: (userId) => this.book.forUser(userId),
        instrument: (id) => this.instruments.get(id),
        currentPrice: (inst) => this.currentPrice(inst),
        floatingOfOrder: (id) => this.index.floatingOfOrder(id),
        floatingOf: (userId) => this.floatingOf(userId),
      },
      () => this.ctx.clock.now(),
    );
    return this.viewCache.get(maxAgeMs);
  }

  /** A swap charged on a position (server/swaps/swap-job.ts): index, cached balance and the owner's FOREX_TRADE. */
  swapCharged(done: Committed): void {
    this.afterCommit(done, 'FOREX_TRADE', null);
  }

  /** The risk rate from the engine's own figures (cached balance, margins, floating P&L): the margin-call watch's
   * input. Null when nothing is locked or the balance is not cached yet. */
  riskRateOf(userId: number): Ratio | null {
    const balance = this.balances.get(userId);
    if (balance === undefined) return null;
    return riskRate({ balance: usd(balance), lockBalance: this.marginOf(userId), floating: this.floatingOf(userId) });
  }

  private async refreshAccounts(): Promise<void> {
    const users = this.book.users();
    if (users.length === 0) return;
    for (const r of await accountsOf(this.ctx.db, users)) this.cacheAccount(Number(r.user_id), r);
    await this.reconcile(users);
  }

  /** Orders removed behind the engine's back (a demo reset deletes them) leave the index. Only entries indexed
   * before the query are judged: one added meanwhile was committed after the query looked. */
  private async reconcile(users: number[]): Promise<void> {
    const before = new Map<number, OpenOrder>();
    for (const userId of users) for (const o of this.book.forUser(userId)) before.set(o.id, o);
    const ids = await openOrderIds(this.ctx.db, users);
    for (const [id, o] of before) {
      if (!ids.has(id) && !this.busy.has(id) && this.book.get(id) === o) this.book.remove(id);
    }
  }

  /** Margin held by a user's open orders (pending and holding). Not lock_balance: that also holds the amounts of
   * pending withdrawals, which are leaving the account and must neither count as margin nor cover a loss. */
  marginOf(userId: number): Usd {
    return this.index.marginOf(userId);
  }

  /** Sum of the floating P&L of a user's holding orders at the latest prices (each rounded by money()). */
  floatingOf(userId: number): Usd {
    return this.index.floatingOf(userId);
  }

  // ---- triggers -----------------------------------------------------------------------------------------------

  /** Runs synchronously inside the market's tick: decides in memory, then starts the database work. */
  onTick(tick: Tick): void {
    const { crossed, atRisk } = this.index.tick(tick.instrumentId, tick.price, tick.ask);
    if (this.opts.triggers === false) return; // a gateway: figures kept, the market writer triggers
    if (crossed.length > 0) {
      const at = tickSides(tick);
      for (const id of crossed) {
        const o = this.book.get(id);
        if (o && !this.busy.has(id)) this.evaluate(o, at);
      }
    }
    for (const userId of atRisk) this.checkStopOut(userId);
  }

  /** Starts the action an order's rules call for at these prices, if any: each order judged on its side. */
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

  /** Keeps an in-flight promise until it settles, so stop() can wait for it; callers handle its errors. */
  private track(p: Promise<unknown>): void {
    this.work.add(p);
    const done = (): void => {
      this.work.delete(p);
    };
    p.then(done, done);
  }

  /** Runs one trigger action for an order, never two at once; errors are logged, never thrown into the tick.
   *  Tracked, so callers on the tick path may drop the promise. */
  private runFor(orderId: number, action: () => Promise<void>): Promise<void> {
    let failed = false;
    const run = action()
      .catch((err: unknown) => {
        failed = true; // not retried on the spot: a failing action must not spin against the database
        this.ctx.log.error({ err, orderId }, 'order trigger failed');
      })
      .finally(() => {
        this.busy.delete(orderId);
        if (failed) return;
        // Ticks seen while busy were skipped for this order: judge it again at the latest price.
        const o = this.book.get(orderId);
        const inst = o ? this.instruments.get(o.instrumentId) : undefined;
        const current = inst ? this.currentSides(inst) : null;
        if (o && inst && current && this.ctx.market.isOpen(inst.code)) this.evaluate(o, current);
      });
    this.busy.set(orderId, run);
    this.track(run);
    return run;
  }

  private async fillTriggered(orderId: number, at: Price): Promise<void> {
    const done = await this.triggerTx(orderId, 0, async (q, row, inst) =>
      fillPending(q, row, inst, at, this.ctx.clock.now()),
    );
    if (done) this.afterCommit(done, 'FOREX_TRADE', null);
  }

  private async closeTriggered(orderId: number, at: Price, reason: CloseReason): Promise<void> {
    const done = await this.triggerTx(orderId, 1, async (q, row, inst) =>
      closeHolding(q, row, inst, at, reason, this.ctx.clock.now()),
    );
    if (done) this.afterCommit(done, 'FOREX_CLOSED', reason);
  }

  /** The trailing stop follows the price: one conditional write, pushed as FOREX_TRADE (the app shows the new stop). */
  private async trailTriggered(orderId: number, at: Price): Promise<void> {
    const done = await this.triggerTx(orderId, 1, async (q, row, inst) => trailStop(q, row, inst, at));
    if (done) this.afterCommit(done, 'FOREX_TRADE', null);
  }

  /** A trigger's transaction on an order still in `status`; null (nothing done) when a user action got there first. */
  private async triggerTx(
    orderId: number,
    status: 0 | 1,
    fn: (q: Queryable, row: OrderRow, inst: EngineInstrument) => Promise<Committed>,
  ): Promise<Committed | null> {
    const o = this.book.get(orderId);
    if (!o) return null;
    try {
      type Outcome = { stale: OrderRow | null } | { done: Committed };
      const result = await this.ctx.db.tx(async (q): Promise<Outcome> => {
        const row = await lockOrder(q, orderId, o.userId, status);
        if (!row) return { stale: await getOrder(q, orderId) };
        return { done: await fn(q, row, await this.instrumentOrThrow(row.instrumentId, q)) };
      });
      if ('done' in result) return result.done;
      // The index was behind the database (a user action not yet applied, a demo reset): catch up.
      if (result.stale) this.book.apply(result.stale);
      else this.book.remove(orderId);
      return null;
    } catch (err) {
      if (err instanceof RowChanged) return null;
      throw err;
    }
  }

  // ---- stop-out -----------------------------------------------------------------------------------------------

  /** In memory: is this user's risk rate at or below the stop-out level? If so, start the (serial) stop-out run. */
  private checkStopOut(userId: number): void {
    if (this.stoppingOut.has(userId)) return;
    if (!this.index.belowStopOut(userId)) return;
    this.stoppingOut.add(userId);
    this.track(
      this.stopOut(userId)
        .catch((err: unknown) => this.ctx.log.error({ err, userId }, 'stop-out failed'))
        .finally(() => this.stoppingOut.delete(userId)),
    );
  }

  /** Closes the user's positions, largest loss first, each at its latest price, until the risk rate is above the
   * level again. Figures are re-read from the database before each close: the cache only decides when to look. */
  private async stopOut(userId: number): Promise<void> {
    const tried = new Set<number>();
    for (;;) {
      const acc = await getAccount(this.ctx.db, userId);
      if (!acc) return;
      this.cacheAccount(userId, acc);
      if (!this.index.belowStopOut(userId)) return;
      // Only positions whose market is open can be closed (at a live price); a failed close is not retried here.
      const exposures = [];
      for (const o of this.book.forUser(userId)) {
        const inst = this.instruments.get(o.instrumentId);
        if (o.status !== 1 || tried.has(o.id) || !inst || !this.ctx.market.isOpen(inst.code)) continue;
        const f = this.index.floatingOfOrder(o.id);
        if (f) exposures.push({ id: o.id, floating: f });
      }
      const worst = stopOutQueue(exposures)[0];
      if (!worst) return;
      const running = this.busy.get(worst.id);
      if (running) {
        await running; // a stop is already closing it: judge again afterwards
        continue;
      }
      const o = this.book.get(worst.id);
      const inst = o ? this.instruments.get(o.instrumentId) : undefined;
      const at = inst && o ? this.closePrice(inst, o.side === 'buy' ? 1 : 2) : null;
      if (!o || !inst || !at) return;
      tried.add(o.id);
      await this.runFor(o.id, () => this.closeTriggered(o.id, at, 'stop_out'));
    }
  }
}
