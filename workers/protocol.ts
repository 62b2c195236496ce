// The typed API between the feed (a worker, or the main thread with ?feed=main) and the painter.
import type { Instrument, KlineBar, AppOrder, Period } from '../domain/types.ts';
import type { PriceAlert } from '../domain/price-alerts.ts';
import type { IndicatorLine, IndicatorSettings } from '../domain/indicators.ts';
import type { AccountChange, MarginCall } from '../domain/ws-protocol.ts';

export type NudgeReason = 'online' | 'visible' | 'resume' | 'hidden';

export type ConnState = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface FeedConfig {
  wsUrl: string; // absolute: a worker has no page URL to resolve a relative one against
  apiBase: string; // absolute, for the same reason: the feed fetches klines itself
  lang: string;
  token: string | null;
  tradeFeeType: number; // docs/contract.md §9
  staleAfterMs: number;
}

/** Quotes cross as a flat Float64Array (transferred, not copied): QUOTE_STRIDE numbers per changed instrument. */
export const QUOTE_STRIDE = 5;
export const Q_INDEX = 0; // index into the list given to setInstruments
export const Q_DIR = 1; // -1 down, 0 flat, 1 up
export const Q_TIME = 2; // server clock, ms epoch
export const Q_STATUS = 3; // MarketStatus 1 open, 0 closed
export const Q_RECEIVED = 4; // local clock, for tick-to-paint measurements
/** Formatted once by the feed from the server's exact decimals, so the painter never rounds a float. */
export const QUOTE_TEXTS = 5;
export const T_PRICE = 0;
export const T_CHANGE = 1;
export const T_HALT = 2; // the server's halt text, '' while trading
export const T_ASK = 3; // the price itself when the quote is one-sided
export const T_SPREAD = 4; // in points (steps of the last decimal)

/** Indicator values are computed in the worker and aligned with `bars` (NaN where a line is not yet defined). */
export type KlineUpdate =
  | { kind: 'reset'; code: string; period: Period; bars: KlineBar[]; lines?: IndicatorLine[]; ind?: number[][] }
  | { kind: 'bar'; code: string; period: Period; bar: KlineBar; ind?: number[] };

export interface PositionFigure {
  Id: number;
  current: string;
  pnl: string;
  netValue: string;
  riskRate: string | null;
}

export interface AccountUpdate {
  positions: PositionFigure[];
  floating: string;
  equity: string;
  riskRate: string | null; // null when nothing is held: no margin to divide by
  stopOutDistance: string | null; // the loss that would reach the stop-out; null when nothing is held
}

export interface LivePreview {
  seq: number; // lets the form drop a result computed for inputs it has since changed
  preview: OrderPreview;
}

/** One batch in flight at a time (workers/feed/flow-control.ts); a null field did not change. */
export interface FeedBatch {
  flushedAt: number;
  quotes: Float64Array | null;
  quoteText: string[] | null;
  stale: Int32Array | null; // i+1 = now stale, -(i+1) = fresh again: one array carries both flips
  conn: ConnState | null;
  kline: KlineUpdate[] | null;
  account: AccountUpdate | null;
  preview?: LivePreview | null; // optional so fakes and tests that build batches need not name it
}

export interface OrderEvent {
  change: 'changed' | 'closed';
  seq: number;
  data: AppOrder;
}

/** Implemented on the main thread; crosses to the worker as a Comlink.proxy. */
export interface FeedSink {
  /** Settles once the page has painted the batch: that is the feed's credit for the next one. */
  onBatch(batch: FeedBatch): void | Promise<void>;
  onOrderEvent(event: OrderEvent): void;
  onPriceAlert?(alert: PriceAlert): void;
  onAccountChange?(kind: AccountChange): void;
  onMarginCall?(call: MarginCall): void;
  /** A gap in the order event sequence (or a reconnect): only a refetch of the order lists can be trusted. */
  onOrderGap(): void;
  /** `at` (ms) is set when the session was ended from another device, so the app can say when. */
  onSessionRejected(msg: string, at?: number): void;
}

export interface OrderPreviewInput {
  code: string;
  orderType: 1 | 2; // 1 buy up, 2 buy low
  quantity: string;
  leverage: number; // 0 in fixed-margin mode
  atPrice: string | null; // null = current price
  stopProfit: string | null;
  stopLoss: string | null;
}

export interface OrderPreview {
  ok: boolean;
  reason: string | null; // i18n key
  price: string;
  margin: string;
  fee: string;
  pnlAtStopProfit: string | null;
  pnlAtStopLoss: string | null;
  pipsToStopProfit: string | null;
  pipsToStopLoss: string | null;
  pendingKind: 'limit' | 'stop' | null;
}

export interface FeedApi {
  start(config: FeedConfig, sink: FeedSink): Promise<void>;
  setToken(token: string | null): Promise<void>;
  setLang(lang: string): Promise<void>;
  setInstruments(list: Instrument[]): Promise<void>;
  watchMarket(on: boolean): Promise<void>;
  /** Only these codes' quotes cross to the main thread; null = every quote. */
  setQuoteInterest(codes: string[] | null): Promise<void>;
  /** `slot` names the chart: the desk's grid shows four (0–3), each with its own instrument and period. */
  watchChart(code: string, period: Period, slot?: number): Promise<void>;
  unwatchChart(slot?: number): Promise<void>;
  /** docs/worker.md "Indicators"; a change re-sends each watched chart as a reset. */
  setIndicators(settings: IndicatorSettings | null): Promise<void>;
  sparklines(): Promise<Record<string, Float32Array>>;
  /** Results ride in FeedBatch.preview, so a moving price costs no extra message; null stops it. */
  watchPreview(seq: number, input: OrderPreviewInput | null): Promise<void>;
  /** For a screen that wants fewer paints than the page can take (battery); clamped to [0, 1000]. */
  setMinInterval(ms: number): Promise<void>;
  setPositions(orders: AppOrder[], balance: string, lockBalance: string): Promise<void>;
  /** docs/client.md */
  setLowBandwidth(on: boolean): Promise<void>;
  /** Codes the socket carries in low-bandwidth mode whatever is on screen (docs/protocol.md `codes`). */
  setPinnedCodes(codes: string[]): Promise<void>;
  /** 'visible'/'resume': the socket must answer a probe in time or be replaced; 'hidden': quotes are kept now. */
  nudge(reason: NudgeReason): Promise<void>;
  stop(): Promise<void>;
}
