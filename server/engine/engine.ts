// The order engine: user actions (submit, close, cancel, stops) on an in-memory book of open orders and its tick index
// (tick-index.ts), each commit applied to them with the owner's push (changed or closed); the database is the
// authority (one transaction per change, conditional on the status it expects). Beside it, on the same book: the
// triggers and stop-out (trigger-runner.ts), instruments and live sides (known-instruments.ts), cached balances and
// risk rates (account-figures.ts), a new order with all its rules (submit-order.ts); triggers in triggers.ts.
import { sideOf } from '../../domain/trade-maths.ts';
import type { CloseAllItem, CloseScope } from '../../domain/close-scope.ts';
import { closeEach } from './close-all.ts';
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
import { lockOwnOrder } from './own-order.ts';
import { orderPush, toWireOrder, type OrderChange } from './order-wire.ts';
import { getOrder, loadOpenOrders } from './orders-repository.ts';
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
import { BookViewCache, type BookSource, type BookView } from './book-view.ts';
import { AccountTags } from './account-tags.ts';
import { trailedStop } from './triggers.ts';
import type { EngineInstrument, OrderRow } from './types.ts';

/** How often the cached balances of users with open orders are re-read (deposits, withdrawals happen elsewhere). */
export const ACCOUNT_REFRESH_MS = 5000;

export type IndexFactory = (source: IndexSource) => EngineIndex;

export interface EngineOptions {
  /** Fire the tick-driven triggers (default true). A gateway's engine only acts for users and keeps its index. */
  triggers?: boolean;
  /** Told the id of every order this engine committed, so other processes re-read it (server/bus SUBJECTS.order). */
  announce?: (orderId: number) => void;
  makeIndex?: IndexFactory;
}

export class OrderEngine {
  readonly book: OrderBook;
  /** Sums, ladders and the cached available balances (the margin comes from the book). */
  private readonly index: EngineIndex;
  readonly instruments: KnownInstruments;
  /** The tick-driven triggers and the work under way (trigger-runner.ts). */
  private readonly triggers: TriggerRunner;
  /** The cached balances and risk rates (account-figures.ts). */
  private readonly accounts: AccountFigures;
  private viewCache: BookViewCache | null = null;
  /** Demo or real, UID and e-mail of the accounts in the book: the dealer's view and the metrics leave demo out. */
  readonly tags = new AccountTags();
  /** Copy trading's hook (server/copy/mirror.ts): told every committed order row, after the owner's push. */
  onCommitted: ((row: OrderRow) => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private refreshTimer: unknown = null;

  constructor(
    private readonly ctx: Services,
    loadInstruments: InstrumentSource,
    private readonly opts: EngineOptions = {},
  ) {
    this.instruments = new KnownInstruments(ctx.market, loadInstruments, (id) => {
      const orders = this.book.forInstrument(id);
      if (orders.length > 0) this.index.reindex(id, orders);
    });
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
    this.accounts = new AccountFigures(ctx.db, this.book, this.index, (id) => this.triggers.isBusy(id));
    this.triggers = new TriggerRunner({
      ctx,
      book: this.book,
      index: this.index,
      fires: opts.triggers !== false,
      instrument: (id) => this.instruments.get(id),
      instrumentOrThrow: (id, q) => this.instruments.getOrThrow(id, q),
      currentSides: (inst) => this.instruments.currentSides(inst),
      closePrice: (inst, orderType) => this.instruments.closePrice(inst, orderType),
      afterCommit: (done, type, reason) => this.afterCommit(done, type, reason),
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

  /** Resolves once every trigger action started so far (and any it started) has finished. */
  async idle(): Promise<void> {
    await this.triggers.idle();
  }

  instrument = (id: number): EngineInstrument | undefined => this.instruments.get(id);

  /** The one shown price (the bid the chart draws), for figures with no side: swaps in percent, the dealer's view. */
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
        {
          userId,
          inst,
          input,
          idemKey,
          params,
        },
      ),
    );
    if ('replay' in result) return this.replay({ orderId: result.replay.Id, first: result.replay, params }, params);
    this.afterCommit(result.done, 'changed', null);
    return result.order;
  }

  /** A replayed key's answer: refused for other parameters, else the order as it is now (the first answer when gone). */
  private async replay(stored: StoredKey, params: string): Promise<Order> {
    checkSameParams(stored, params);
    const row = stored.orderId === null ? null : await getOrder(this.ctx.db, stored.orderId);
    return row && this.instruments.has(row.instrumentId) ? this.wire(row) : stored.first;
  }

  /** Closes a holding order at the live price: all of it, or `lotsText` lots of it (a partial close: the rest stays
   * open with its share of margin and fee, the closed part a history row of its own). Answers the closed one. */
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
    if ('full' in out) return this.afterCommit(out.full, 'closed', 'user');
    this.afterCommit(out.part.rest, 'changed', null);
    return this.afterCommit(out.part.closed, 'closed', 'user');
  }

  /** Close all in the scope, one transaction per position (close-all.ts). */
  closeAll(userId: number, scope: CloseScope): Promise<CloseAllItem[]> {
    return closeEach(this.ctx.db, userId, scope, (id) => this.close(userId, id));
  }

  async cancel(userId: number, id: number): Promise<Order> {
    const done = await this.ctx.db.tx(async (q) => {
      const row = await lockOwnOrder(q, userId, id, 0);
      const inst = await this.instruments.getOrThrow(row.instrumentId, q);
      return cancelPending(q, row, inst, this.instruments.openPrice(inst, row.orderType), this.ctx.clock.now());
    });
    return this.afterCommit(done, 'closed', 'cancel');
  }

  /** A pending order past its expiry (pending-expiry.ts, on the writer): cancelled as a user's cancel is, with
   * CloseReason "expired". Nothing when it filled or went meanwhile; a busy order waits for the next sweep. */
  async expirePending(orderId: number): Promise<void> {
    if (this.triggers.isBusy(orderId)) return;
    await this.triggers.runFor(orderId, async () => {
      const done = await this.triggers.triggerTx(orderId, 0, async (q, row, inst) =>
        cancelPending(q, row, inst, this.instruments.openPrice(inst, row.orderType), this.ctx.clock.now(), 'expired'),
      );
      if (done) this.afterCommit(done, 'closed', 'expired');
    });
  }

  /** Stop-profit, stop-loss and trailing distance at once ("0" clears each). With a distance, the stop-loss starts at
   * the more favourable of the typed one and the price less (buy) / plus (sell) the distance. */
  async setStops(userId: number, id: number, profitText: string, lossText: string, trailText = '0'): Promise<Order> {
    const done = await this.ctx.db.tx(async (q) => {
      const row = await lockOwnOrder(q, userId, id, 1);
      const inst = await this.instruments.getOrThrow(row.instrumentId, q);
      // A halt freezes the instrument's orders: no close and no change of stops (as MT5 refuses modifications during
      // a halt; docs/trading.md "During a halt"). A cancel of a pending order stays allowed.
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
    return this.afterCommit(done, 'changed', null);
  }

  /** A pending order's new target price (pending-price.ts). */
  async setPendingPrice(userId: number, id: number, priceText: string): Promise<Order> {
    const done = await this.ctx.db.tx(async (q) => {
      const row = await lockOwnOrder(q, userId, id, 0);
      const inst = await this.instruments.getOrThrow(row.instrumentId, q);
      return movePendingPrice(q, row, inst, priceText, this.instruments, this.ctx.market, this.ctx.clock.now());
    });
    return this.afterCommit(done, 'changed', null);
  }

  /** Another process committed a change to this order (server/bus SUBJECTS.order): re-read from the database, so the
   * writer triggers a new pending order or stop on the next tick. A row read during a trigger is applied after it. */
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

  /** After a commit: the index, the cached account, and the owner's push, in that order. */
  private afterCommit(done: Committed, change: OrderChange, reason: CloseReason | null): Order {
    this.book.apply(done.row);
    this.opts.announce?.(done.row.id);
    if (done.account) this.accounts.cache(done.row.userId, done.account);
    const order = this.wire(done.row);
    this.ctx.push.toUser(done.row.userId, orderPush(change, done.seq, order, reason));
    this.onCommitted?.(done.row);
    return order;
  }

  /** The dealer's view (book-view.ts) from the engine's own figures, real accounts only, made again at most once a
   * second. Accounts not read yet are read through `q`: an ops command passes its transaction's (never the outer db). */
  async bookView(q: Queryable, maxAgeMs?: number): Promise<BookView> {
    await this.tags.ensure(q, this.book.users());
    const src: BookSource = {
      users: () => this.book.users(),
      account: (userId) => this.tags.get(userId),
      ordersOf: (userId) => this.book.forUser(userId),
      instrument: (id) => this.instruments.get(id),
      currentPrice: (inst) => this.currentPrice(inst),
      floatingOfOrder: (id) => this.index.floatingOfOrder(id),
      floatingOf: (userId) => this.floatingOf(userId),
    };
    this.viewCache ??= new BookViewCache(src, () => this.ctx.clock.now());
    return this.viewCache.get(maxAgeMs);
  }

  /** A change booked in its own transaction (a swap: server/swaps/swap-job.ts; a copy's mirrored action:
   * server/copy/mirror.ts): index, cached balance and the owner's push. */
  applyCommitted(done: Committed, change: OrderChange = 'changed', reason: CloseReason | null = null): Order {
    return this.afterCommit(done, change, reason);
  }

  /** The risk rate from the engine's own figures (account-figures.ts): the margin-call watch's input. */
  riskRateOf(userId: number): Ratio | null {
    return this.accounts.riskRateOf(userId);
  }

  /** Margin held by a user's open orders (pending and holding). Not lock_balance: that also holds the amounts of
   * pending withdrawals, which are leaving the account and must neither count as margin nor cover a loss. */
  marginOf(userId: number): Usd {
    return this.index.marginOf(userId);
  }

  /** Equity in 10^-8 USD from the engine's own figures, exactly, while something is held; null when only the
   * decimal figures answer (index-types.ts). A check over thousands of accounts per tick stays in integers. */
  equityScaled(userId: number): bigint | null {
    return this.index.equityScaled?.(userId) ?? null;
  }

  /** Sum of the floating P&L of a user's holding orders at the latest prices (each rounded by money()). */
  floatingOf(userId: number): Usd {
    return this.index.floatingOf(userId);
  }

  /** Runs synchronously inside the market's tick: decides in memory, then starts the database work. */
  onTick(tick: Tick): void {
    this.triggers.onTick(tick);
  }
}
