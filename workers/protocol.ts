// The one typed API between the feed (worker by default, main thread with ?feed=main) and the painter.
// Both sides import these types; the worker implements FeedApi, the main thread implements FeedSink.
import type { Instrument, KlineBar, AppOrder, Period } from '../domain/types.ts';
import type { PriceAlert } from '../domain/price-alerts.ts';
import type { IndicatorLine, IndicatorSettings } from '../domain/indicators.ts';
import type { AccountChange, MarginCall } from '../domain/ws-protocol.ts';

/** Why the page nudges the feed (FeedApi.nudge). */
export type NudgeReason = 'online' | 'visible' | 'resume' | 'hidden';

export type ConnState = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface FeedConfig {
  wsUrl: string; // absolute ws:// or wss:// URL of /v1/ws
  apiBase: string; // absolute http(s) origin for REST the feed calls itself (klines)
  lang: string;
  token: string | null;
  tradeFeeType: number; // base settings trade_fee_type (docs/contract.md §9)
  staleAfterMs: number; // a quote older than this is stale while its market is open
}

/** Quotes in a batch: QUOTE_STRIDE numbers per changed instrument, plus QUOTE_TEXTS display strings in quoteText. */
export const QUOTE_STRIDE = 5;
/** Offsets inside one quote record of FeedBatch.quotes. */
export const Q_INDEX = 0; // index into the list given to setInstruments
export const Q_DIR = 1; // direction of the change as shown: -1 down, 0 flat, 1 up
export const Q_TIME = 2; // tick time, ms epoch (server clock)
export const Q_STATUS = 3; // MarketStatus 1 open, 0 closed
export const Q_RECEIVED = 4; // when the feed received it, ms epoch (tick-to-paint measurements)
/** Display text per quote in FeedBatch.quoteText, formatted once by the feed from the server's exact decimals. */
export const QUOTE_TEXTS = 5;
export const T_PRICE = 0; // the price at the instrument's PricePrecision, e.g. '1.08321'
export const T_CHANGE = 1; // the signed percent change, e.g. '+0.35%'
export const T_HALT = 2; // why the dealing desk halted trading (what the server sent), '' while trading
export const T_ASK = 3; // the ask (a buy's price) at the PricePrecision; the price itself when the quote is one-sided
export const T_SPREAD = 4; // ask − bid in points (steps of the last decimal), e.g. '15'

/**
 * A chart's updates. With indicators set (FeedApi.setIndicators), a reset carries the lines they draw and each line's
 * values aligned with `bars` (NaN where a line is not yet defined), and a bar update carries that bar's value per line
 * in the same order (computed in the worker: a tick replaces the live bar's inputs, a new bar adds one).
 */
export type KlineUpdate =
  | { kind: 'reset'; code: string; period: Period; bars: KlineBar[]; lines?: IndicatorLine[]; ind?: number[][] } // history (re)loaded: replace all
  | { kind: 'bar'; code: string; period: Period; bar: KlineBar; ind?: number[] }; // the last bar changed or a new one opened

export interface PositionFigure {
  Id: number;
  current: string; // current price
  pnl: string; // floating P&L, 6 decimals
  netValue: string;
  riskRate: string | null; // per-order (margin + pnl) / margin
}

export interface AccountUpdate {
  positions: PositionFigure[];
  floating: string;
  equity: string;
  riskRate: string | null; // equity / used margin, null when nothing is held
}

/** The watched order preview (watchPreview), recomputed for new inputs and for every price move that changes it. */
export interface LivePreview {
  seq: number; // the seq given to watchPreview: a result for older inputs is recognisable
  preview: OrderPreview;
}

/**
 * One batch in flight at a time (paint-driven flow control, workers/feed/flow-control.ts); null fields did not
 * change. Quotes are transferred, not copied.
 */
export interface FeedBatch {
  flushedAt: number; // ms epoch when the feed sent it
  quotes: Float64Array | null;
  quoteText: string[] | null; // QUOTE_TEXTS strings per record of quotes, in the same order
  stale: Int32Array | null; // instrument indexes whose staleness flipped: i+1 = now stale, -(i+1) = fresh again
  conn: ConnState | null;
  kline: KlineUpdate[] | null;
  account: AccountUpdate | null;
  preview?: LivePreview | null; // optional so older fakes and tests that build batches need not name it
}

/** A pushed order event in the glossary's words: the order changed (opened, filled, new stops) or closed. */
export interface OrderEvent {
  change: 'changed' | 'closed';
  seq: number;
  data: AppOrder; // CloseReason is set when closed, '' otherwise
}

/** Implemented on the main thread; crosses to the worker as a Comlink.proxy. */
export interface FeedSink {
  /**
   * Applies a batch. The returned promise settles once the page has painted it (after the next animation frame):
   * that is the feed's credit for the next batch. A sink that returns nothing gives the credit at once.
   */
  onBatch(batch: FeedBatch): void | Promise<void>;
  onOrderEvent(event: OrderEvent): void;
  /** One of the user's price alerts fired (docs/alerts.md); optional so fakes that do not care need not name it. */
  onPriceAlert?(alert: PriceAlert): void;
  /** The user's money or review state changed elsewhere (an operator paid a withdrawal…): money screens re-read. */
  onAccountChange?(kind: AccountChange): void;
  /** The account's risk rate crossed the margin-call level (docs/trading.md "Margin call"): the order screen's banner. */
  onMarginCall?(call: MarginCall): void;
  /** A gap in the per-user order event sequence (or a reconnect): the app should refetch its order lists. */
  onOrderGap(): void;
  /**
   * The server refused this session on the socket (its login answer, or a revocation: logout or password change
   * elsewhere): the app signs out as on REST code 999, showing `msg`, or when `at` (ms) is given, that the session
   * was ended from another device then.
   */
  onSessionRejected(msg: string, at?: number): void;
}

export interface OrderPreviewInput {
  code: string;
  orderType: 1 | 2; // 1 buy up, 2 buy low
  quantity: string; // lots
  leverage: number; // 0 in fixed-margin mode
  atPrice: string | null; // target price for pending orders; null = current price
  stopProfit: string | null;
  stopLoss: string | null;
}

export interface OrderPreview {
  ok: boolean;
  reason: string | null; // i18n key when not ok (e.g. 'trade.no_price')
  price: string; // the price the margin was computed at
  margin: string;
  fee: string;
  pnlAtStopProfit: string | null;
  pnlAtStopLoss: string | null;
  /** Distance from the open price to each stop in pips, one decimal (domain/order-rules.ts pipsBetween). */
  pipsToStopProfit: string | null;
  pipsToStopLoss: string | null;
  /** A pending order's kind at the current price (limit / stop); null for a market order. */
  pendingKind: 'limit' | 'stop' | null;
}

export interface FeedApi {
  start(config: FeedConfig, sink: FeedSink): Promise<void>;
  setToken(token: string | null): Promise<void>;
  setLang(lang: string): Promise<void>;
  setInstruments(list: Instrument[]): Promise<void>;
  watchMarket(on: boolean): Promise<void>;
  /**
   * The codes whose quotes the painter shows (visible rows, the open instrument): only their quotes cross to the
   * main thread; the rest stay in the feed until shown. null = every quote (the default).
   */
  setQuoteInterest(codes: string[] | null): Promise<void>;
  /**
   * Load history over REST, subscribe KLINE.{code}, then stream the live last bar of `period`. `slot` (0 by default)
   * names the chart: the desk's grid shows four at once (slots 0–3), each with its own instrument and period.
   */
  watchChart(code: string, period: Period, slot?: number): Promise<void>;
  unwatchChart(slot?: number): Promise<void>;
  /**
   * The indicators every chart shows (docs/worker.md "Indicators"): computed here from the klines, sent with them.
   * A change re-sends each watched chart as a reset with the new lines. null (the default) computes none.
   */
  setIndicators(settings: IndicatorSettings | null): Promise<void>;
  /** Compact close series per instrument for mini charts (abbreviated_cache_kline), oldest first. */
  sparklines(): Promise<Record<string, Float32Array>>;
  /**
   * Keeps one order preview current (the order form on screen): computed at once and again whenever the inputs'
   * instrument ticks, delivered in FeedBatch.preview with this seq, so a moving price costs no extra message.
   * null stops it.
   */
  watchPreview(seq: number, input: OrderPreviewInput | null): Promise<void>;
  /**
   * The least time (ms) between two batches, for a screen that wants fewer paints than the page can take
   * (battery); 0, the default, lets the paint alone set the cadence. Clamped to [0, 1000].
   */
  setMinInterval(ms: number): Promise<void>;
  /** Holding positions and the account, so floating P&L and equity follow every quote. */
  setPositions(orders: AppOrder[], balance: string, lockBalance: string): Promise<void>;
  /**
   * Low-bandwidth mode (docs/client.md): the socket asks the server for one quote batch per LOW_BANDWIDTH_RATE_MS
   * (newest state per instrument) of only the codes on screen and the pinned ones (setPinnedCodes), and charts load
   * LOW_BANDWIDTH_HISTORY bars instead of HISTORY_LIMIT.
   */
  setLowBandwidth(on: boolean): Promise<void>;
  /**
   * Codes the socket carries in low-bandwidth mode whatever is on screen: the open positions' instruments (live P&L)
   * and the /trade instrument. With the codes on screen (setQuoteInterest) they are the socket's code filter
   * (wire-codes.ts, docs/protocol.md `codes`).
   */
  setPinnedCodes(codes: string[]): Promise<void>;
  /**
   * The page says the socket may be dead. 'online': back online. 'visible' / 'resume': shown again after being hidden,
   * restored from the back/forward cache, or resumed after a freeze: quotes read stale, a live socket must answer a
   * probe within PROBE_TIMEOUT_MS or is replaced, and positions and balance are refetched (onOrderGap) once it has.
   * 'hidden': the page is being hidden or left: the last live quotes are written now (quote-keep.ts).
   */
  nudge(reason: NudgeReason): Promise<void>;
  stop(): Promise<void>;
}
