// The feed: one class behind FeedApi that runs unchanged in the worker (default) and on the main thread (?feed=main).
// Socket in, one conflated FeedBatch per frame out; klines, previews and live P&L computed here, not in the painter.
import { transfer } from 'comlink';
import type { Instrument, KlineBar, Order, Period } from '../../src/domain/types.ts';
import {
  TOPIC_DAY_MARKET,
  TOPIC_FOREX_CLOSED,
  TOPIC_FOREX_TRADE,
  klineTopic,
  type ServerMessage,
} from '../../src/domain/ws-protocol.ts';
import { KlineSeries, pushKlineUpdate } from '../klines.ts';
import type {
  ConnState,
  FeedApi,
  FeedBatch,
  FeedConfig,
  FeedSink,
  KlineUpdate,
  OrderEvent,
  OrderPreview,
  OrderPreviewInput,
} from '../protocol.ts';
import { RiskBook, previewOrder } from '../risk.ts';
import type { FeedDeps } from './deps.ts';
import { isQuoteTuple, parseServerMessage } from './parse.ts';
import { QuoteBoard } from './quote-board.ts';
import { fetchKlines, fetchSparklines, type RestContext } from './rest.ts';
import { SocketLink } from './socket-link.ts';

/** How often staleness is re-evaluated without any message arriving. */
export const STALE_CHECK_MS = 1000;
/** Recent bars kept per instrument and period between visits (IndexedDB), and the key of the mini charts. */
const CACHED_BARS = 300;
const SPARKS_KEY = 'tw.sparklines';
const barsKey = (code: string, period: Period): string => `tw.klines.${code}.${period}`;

/** Sparklines are 30min closes: refetching them more often than this buys nothing. */
export const SPARKLINE_TTL_MS = 60_000;
/** Bars of history loaded when a chart opens. */
export const HISTORY_LIMIT = 500;
/** Latest 1min bars fetched beside the history, so the live minute's volume is not counted twice. */
export const LIVE_MINUTES = 2;
/** Live minutes held while history loads; more than this means the load is hopelessly slow. */
const MAX_BUFFERED_MINUTES = 600;
/** Kline updates waiting for a frame (frames stop while the page is hidden): beyond this, one reset replaces them. */
const MAX_QUEUED_KLINE_UPDATES = 300;
/**
 * Live bar updates reach the chart at most this often; a reset (history, another instrument or period) goes at once.
 * A redraw of the chart was a third of /trade's main-thread time at 10 updates/s (bench/README.md); the header price
 * and P&L still follow every batch. docs/worker.md has the decision.
 */
export const CHART_BAR_INTERVAL_MS = 250;

interface ChartWatch {
  code: string;
  period: Period;
  series: KlineSeries | null;
  loading: boolean;
  failed: boolean;
  buffer: KlineBar[];
}

export class Feed implements FeedApi {
  private config: FeedConfig | null = null;
  private sink: FeedSink | null = null;
  private readonly link: SocketLink;
  private readonly board = new QuoteBoard();
  private readonly risk = new RiskBook();
  private byCode = new Map<string, Instrument>();
  private byId = new Map<number, Instrument>();
  private positions: { orders: Order[]; balance: string; lockBalance: string } | null = null;
  private marketOn = true;
  private chart: ChartWatch | null = null;
  private klineQueue: KlineUpdate[] = [];
  private klineSentAt = -Infinity;
  private klineTimer: unknown = null;
  private conn: ConnState = 'connecting';
  private connDirty = false;
  private framePending = false;
  private staleTimer: unknown = null;
  private clockOffset = 0; // server clock minus ours, from pong.t: quote ages are measured on the server's clock
  private lastSeq: number | null = null;
  private gapOnLogin = false;
  private sparks: { at: number; data: Record<string, Float32Array> } | null = null;
  private sparksInFlight: Promise<Record<string, Float32Array>> | null = null;
  private started = false;
  private previewWatch: { seq: number; input: OrderPreviewInput } | null = null;
  private previewDirty = false;
  private lastPreview: OrderPreview | null = null;

  constructor(private readonly deps: FeedDeps) {
    this.link = new SocketLink(deps, {
      onOpen: (reconnect) => this.onOpen(reconnect),
      onText: (text) => this.onText(text),
      onState: (s) => this.onState(s),
    });
  }

  // ── FeedApi ────────────────────────────────────────────────────────────────────────────────────────────────

  /** Idempotent: a second call adopts the new config and sink; the socket only reconnects if wsUrl changed. */
  async start(config: FeedConfig, sink: FeedSink): Promise<void> {
    const prev = this.config;
    this.config = { ...config };
    this.sink = sink;
    this.board.staleAfterMs = config.staleAfterMs;
    if (!this.started) {
      this.started = true;
      this.conn = 'connecting';
      this.connDirty = true;
      this.staleTimer = this.deps.timers.setInterval(() => this.checkStale(), STALE_CHECK_MS);
      this.link.start(config.wsUrl);
      this.requestFrame();
      return;
    }
    if (prev && prev.token !== config.token) this.switchToken(prev.token, config.token);
    this.link.start(config.wsUrl);
    this.connDirty = true;
    this.requestFrame();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.link.stop();
    if (this.staleTimer !== null) this.deps.timers.clearInterval(this.staleTimer);
    this.staleTimer = null;
    if (this.klineTimer !== null) this.deps.timers.clearTimeout(this.klineTimer);
    this.klineTimer = null;
    this.chart = null;
    this.klineQueue = [];
    this.sink = null;
  }

  async setToken(token: string | null): Promise<void> {
    if (!this.config) return;
    const old = this.config.token;
    this.config.token = token;
    if (old !== token) this.switchToken(old, token);
  }

  async setLang(lang: string): Promise<void> {
    if (this.config) this.config.lang = lang;
  }

  async setInstruments(list: Instrument[]): Promise<void> {
    this.byCode = new Map(list.map((i) => [i.Code, i]));
    this.byId = new Map(list.map((i) => [i.Id, i]));
    this.board.setInstruments(list, this.serverNow());
    if (this.positions) {
      const p = this.positions;
      this.risk.setPositions(p.orders, p.balance, p.lockBalance, (o) => this.instrumentOf(o), (c) => this.board.closeOf(c));
    }
    const w = this.chart;
    if (w && !w.series && !w.loading) this.loadChart(w, 'full').catch((err) => this.deps.log.warn('feed: chart load', err));
    this.requestFrame();
  }

  async setQuoteInterest(codes: string[] | null): Promise<void> {
    this.board.setInterest(codes);
    if (this.board.hasPending) this.requestFrame();
  }

  async watchMarket(on: boolean): Promise<void> {
    if (on === this.marketOn) return;
    this.marketOn = on;
    this.link.send({ type: on ? 'sub' : 'unsub', topic: TOPIC_DAY_MARKET });
  }

  async watchChart(code: string, period: Period): Promise<void> {
    const prev = this.chart;
    if (prev && prev.code === code && prev.period === period && prev.series && !prev.loading) {
      // The chart screen came back: hand it the whole series again.
      this.pushKline({ kind: 'reset', code, period, bars: prev.series.snapshot() });
      return;
    }
    if (prev && prev.code !== code) this.link.send({ type: 'unsub', topic: klineTopic(prev.code) });
    const w: ChartWatch = { code, period, series: null, loading: false, failed: false, buffer: [] };
    this.chart = w;
    this.klineQueue = [];
    if (!prev || prev.code !== code) this.link.send({ type: 'sub', topic: klineTopic(code) });
    await this.loadChart(w, 'full');
  }

  async unwatchChart(): Promise<void> {
    const w = this.chart;
    if (!w) return;
    this.chart = null;
    this.klineQueue = [];
    this.link.send({ type: 'unsub', topic: klineTopic(w.code) });
  }

  async sparklines(): Promise<Record<string, Float32Array>> {
    const now = this.deps.clock.now();
    if (this.sparks && now - this.sparks.at < SPARKLINE_TTL_MS) return this.sparks.data;
    if (!this.sparksInFlight) {
      this.sparksInFlight = fetchSparklines(this.rest())
        .then((data) => {
          this.sparks = { at: now, data };
          void this.deps.cache?.set(SPARKS_KEY, data);
          return data;
        })
        .catch(async (err: unknown) => {
          // Offline or the server is down: last visit's mini charts are better than none.
          const kept = await this.deps.cache?.get<Record<string, Float32Array>>(SPARKS_KEY);
          if (kept) return kept;
          throw err;
        })
        .finally(() => {
          this.sparksInFlight = null;
        });
    }
    return this.sparksInFlight;
  }

  async watchPreview(seq: number, input: OrderPreviewInput | null): Promise<void> {
    this.previewWatch = input ? { seq, input } : null;
    this.lastPreview = null;
    this.previewDirty = input !== null;
    if (this.previewDirty) this.requestFrame();
  }

  async setPositions(orders: Order[], balance: string, lockBalance: string): Promise<void> {
    this.positions = { orders, balance, lockBalance };
    this.risk.setPositions(orders, balance, lockBalance, (o) => this.instrumentOf(o), (c) => this.board.closeOf(c));
    this.requestFrame();
  }

  async nudge(reason: 'online' | 'visible'): Promise<void> {
    if (!this.started) return;
    if (reason === 'online') this.deps.log.warn('feed: back online, reconnecting now');
    this.link.nudge();
  }

  // ── socket events ──────────────────────────────────────────────────────────────────────────────────────────

  private onOpen(reconnect: boolean): void {
    const token = this.config?.token ?? null;
    if (token) this.link.send({ type: 'login', token });
    if (this.marketOn) this.link.send({ type: 'sub', topic: TOPIC_DAY_MARKET });
    const w = this.chart;
    if (w) this.link.send({ type: 'sub', topic: klineTopic(w.code) });
    // Order events may have been missed while the socket was down: the app refetches once FOREX_* are back on.
    if (reconnect && token) this.gapOnLogin = true;
    if (w && !w.loading && (w.failed || (reconnect && w.series))) {
      this.loadChart(w, w.series ? 'refill' : 'full').catch((err) => this.deps.log.warn('feed: chart refill', err));
    }
  }

  private onState(s: ConnState): void {
    this.conn = s;
    this.connDirty = true;
    this.board.live = s === 'live';
    this.board.evaluate(this.serverNow());
    this.requestFrame();
  }

  private onText(text: string): void {
    const msg = parseServerMessage(text, this.deps.log);
    if (msg) this.handle(msg);
  }

  private handle(msg: ServerMessage): void {
    switch (msg.type) {
      case 'pong':
        this.link.pong();
        if (typeof msg.t === 'number') {
          const now = this.deps.clock.now();
          const sent = this.link.lastPingSentAt;
          this.clockOffset = msg.t - (sent > 0 && sent <= now ? (sent + now) / 2 : now);
        }
        return;
      case 'DAY_MARKET':
        this.onQuotes(msg.data);
        return;
      case 'KLINE':
        this.onMinute(msg.data);
        return;
      case 'FOREX_TRADE':
      case 'FOREX_CLOSED':
        this.onOrderEvent({ type: msg.type, seq: msg.seq, data: msg.data });
        return;
      case 'login':
        if (!msg.ok) {
          this.deps.log.warn('feed: socket login refused', msg.msg);
          return;
        }
        this.link.send({ type: 'sub', topic: TOPIC_FOREX_TRADE });
        this.link.send({ type: 'sub', topic: TOPIC_FOREX_CLOSED });
        if (this.gapOnLogin) {
          this.gapOnLogin = false;
          this.callSink((s) => s.onOrderGap());
        }
        return;
      case 'sub':
      case 'unsub':
        if (!msg.ok) this.deps.log.warn(`feed: ${msg.type} ${msg.topic} refused`, msg.msg ?? '');
        return;
      case 'error':
        this.deps.log.warn('feed: server error', msg.msg);
        return;
      case 'logout':
        return;
      default:
        this.deps.log.warn('feed: unknown message type', (msg as { type: unknown }).type);
    }
  }

  private onQuotes(data: readonly unknown[]): void {
    const now = this.deps.clock.now();
    const serverNow = now + this.clockOffset;
    let bad = 0;
    for (const t of data) {
      if (!isQuoteTuple(t)) {
        bad++;
        continue;
      }
      const i = this.board.apply(t, serverNow, now);
      if (i >= 0) this.risk.onQuote(t[0], t[1]);
      if (this.previewWatch && t[0] === this.previewWatch.input.code) this.previewDirty = true;
    }
    if (bad > 0) this.deps.log.warn(`feed: ${bad} malformed quote(s) ignored`);
    this.requestFrame();
  }

  private onMinute(m: KlineBar & { Code: string }): void {
    const w = this.chart;
    if (!w || m.Code !== w.code) return;
    if (!w.series || w.loading) {
      if (w.buffer.length >= MAX_BUFFERED_MINUTES) w.buffer.shift();
      w.buffer.push(m);
      return;
    }
    const u = w.series.applyMinute(m);
    if (u) this.pushKline(u);
  }

  private onOrderEvent(ev: OrderEvent): void {
    const last = this.lastSeq;
    if (last !== null && ev.seq === last) return; // the same event twice
    const gap = last !== null && ev.seq !== last + 1;
    this.lastSeq = ev.seq;
    this.callSink((s) => s.onOrderEvent(ev));
    if (gap) this.callSink((s) => s.onOrderGap());
  }

  // ── klines ─────────────────────────────────────────────────────────────────────────────────────────────────

  /** Full history, or after a reconnect the bars since our last one; live minutes wait in the buffer meanwhile. */
  private async loadChart(w: ChartWatch, mode: 'full' | 'refill'): Promise<void> {
    const inst = this.byCode.get(w.code);
    if (!inst || !this.config) return; // setInstruments will start the load once the instrument is known
    w.loading = true;
    const ctx = this.rest();
    let from = mode === 'refill' ? w.series?.lastTime() ?? null : null;
    const full = { forexId: inst.Id, period: w.period, limit: HISTORY_LIMIT };
    if (mode === 'full' && !w.series) void this.showCachedBars(w);
    try {
      const [page, mins] = await Promise.all([
        fetchKlines(ctx, from === null ? full : { ...full, from }),
        w.period === '1min'
          ? Promise.resolve<KlineBar[]>([])
          : fetchKlines(ctx, { forexId: inst.Id, period: '1min', limit: LIVE_MINUTES }).catch(() => []),
      ]);
      let hist = page;
      if (from !== null && !hist.some((b) => b.Time === from)) {
        // The answer does not reach back to our last bar (the gap is longer than one page): reload it all.
        from = null;
        hist = await fetchKlines(ctx, full);
      }
      if (this.chart !== w) return;
      if (w.series && from !== null) for (const u of w.series.refill(hist, mins)) this.pushKline(u);
      else {
        w.series = new KlineSeries(w.code, w.period);
        this.pushKline(w.series.load(hist, mins));
      }
      void this.deps.cache?.set(barsKey(w.code, w.period), w.series.snapshot().slice(-CACHED_BARS));
      w.failed = false;
      for (const m of w.buffer) {
        const u = w.series.applyMinute(m);
        if (u) this.pushKline(u);
      }
    } catch (err) {
      if (this.chart === w) w.failed = true;
      throw err;
    } finally {
      if (this.chart === w) {
        w.loading = false;
        w.buffer = [];
      }
    }
  }

  /** Paints the bars kept from the last visit while the network answers; the REST history then replaces them. */
  private async showCachedBars(w: ChartWatch): Promise<void> {
    const bars = await this.deps.cache?.get<KlineBar[]>(barsKey(w.code, w.period));
    if (!bars || bars.length === 0 || this.chart !== w || w.series) return;
    this.pushKline({ kind: 'reset', code: w.code, period: w.period, bars });
  }

  private pushKline(u: KlineUpdate): void {
    pushKlineUpdate(this.klineQueue, u);
    const series = this.chart?.series;
    if (this.klineQueue.length > MAX_QUEUED_KLINE_UPDATES && series) {
      this.klineQueue = [{ kind: 'reset', code: series.code, period: series.period, bars: series.snapshot() }];
    }
    this.requestFrame();
  }

  // ── frames ─────────────────────────────────────────────────────────────────────────────────────────────────

  private requestFrame(): void {
    if (this.framePending || !this.sink) return;
    this.framePending = true;
    this.deps.frame(() => this.flush());
  }

  /** One batch with everything that changed since the last frame; nothing is sent when nothing changed. */
  private flush(): void {
    this.framePending = false;
    if (!this.sink) return;
    const taken = this.board.takeQuotes();
    const quotes = taken?.quotes ?? null;
    const quoteText = taken?.quoteText ?? null;
    const stale = this.board.takeStale();
    const conn = this.connDirty ? this.conn : null;
    this.connDirty = false;
    const kline = this.takeKline();
    const account = this.risk.take();
    const preview = this.takePreview();
    if (!quotes && !stale && !conn && !kline && !account && !preview) return;
    const batch: FeedBatch = { flushedAt: this.deps.clock.now(), quotes, quoteText, stale, conn, kline, account, preview };
    const transfers: ArrayBuffer[] = [];
    if (quotes) transfers.push(quotes.buffer);
    if (stale) transfers.push(stale.buffer);
    // Across the worker boundary the arrays move instead of being copied; on the main thread this is a no-op mark.
    this.callSink((s) => s.onBatch(transfer(batch, transfers)));
  }

  /** The queued kline updates, unless they are only live bars and the chart had some less than the interval ago. */
  private takeKline(): KlineUpdate[] | null {
    if (this.klineQueue.length === 0) return null;
    const now = this.deps.clock.now();
    const wait = this.klineSentAt + CHART_BAR_INTERVAL_MS - now;
    if (wait > 0 && this.klineQueue.every((u) => u.kind === 'bar')) {
      // Held: the next batch after the interval carries them (quotes come ~10 times a second), so they cost no
      // message of their own; only if the market goes quiet does this timer ask for a frame an interval later.
      this.klineTimer ??= this.deps.timers.setTimeout(() => {
        this.klineTimer = null;
        this.requestFrame();
      }, wait + CHART_BAR_INTERVAL_MS);
      return null;
    }
    if (this.klineTimer !== null) this.deps.timers.clearTimeout(this.klineTimer);
    this.klineTimer = null;
    this.klineSentAt = now;
    return this.klineQueue.splice(0);
  }

  /** The preview of `input` at the newest price the board holds for its instrument. */
  private computePreview(input: OrderPreviewInput): OrderPreview {
    return previewOrder(input, this.byCode.get(input.code), this.board.closeOf(input.code), this.config?.tradeFeeType ?? 0);
  }

  /** The watched preview if its inputs are new or its figures moved (a pending order's do not follow the price). */
  private takePreview(): FeedBatch['preview'] {
    const w = this.previewWatch;
    if (!w || !this.previewDirty) return null;
    this.previewDirty = false;
    const p = this.computePreview(w.input);
    const last = this.lastPreview;
    this.lastPreview = p;
    if (last && samePreview(last, p)) return null;
    return { seq: w.seq, preview: p };
  }

  private checkStale(): void {
    this.board.evaluate(this.serverNow());
    if (this.board.hasPending) this.requestFrame();
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────────────────────

  private switchToken(old: string | null, token: string | null): void {
    this.lastSeq = null;
    this.gapOnLogin = false;
    if (!this.link.isOpen) return; // onOpen logs in with the current token
    if (old) {
      this.link.send({ type: 'unsub', topic: TOPIC_FOREX_TRADE });
      this.link.send({ type: 'unsub', topic: TOPIC_FOREX_CLOSED });
      this.link.send({ type: 'logout' });
    }
    if (token) this.link.send({ type: 'login', token });
  }

  private instrumentOf(o: Order): Instrument | undefined {
    return this.byId.get(o.ForexId) ?? this.byCode.get(o.ForexTradeLists?.Code ?? '');
  }

  private serverNow(): number {
    return this.deps.clock.now() + this.clockOffset;
  }

  private rest(): RestContext {
    const c = this.config;
    return {
      fetch: this.deps.fetch,
      apiBase: c?.apiBase ?? '',
      lang: c?.lang ?? '',
      token: c?.token ?? null,
      now: this.deps.clock.now(),
    };
  }

  /** Sink calls cross to the main thread as promises in worker mode: a failure there is logged, never thrown here. */
  private callSink(fn: (sink: FeedSink) => unknown): void {
    const sink = this.sink;
    if (!sink) return;
    try {
      const r = fn(sink);
      if (r instanceof Promise) r.catch((err: unknown) => this.deps.log.error('feed: sink call failed', err));
    } catch (err) {
      this.deps.log.error('feed: sink call failed', err);
    }
  }
}

function samePreview(a: OrderPreview, b: OrderPreview): boolean {
  return (
    a.ok === b.ok &&
    a.reason === b.reason &&
    a.price === b.price &&
    a.margin === b.margin &&
    a.fee === b.fee &&
    a.pnlAtStopProfit === b.pnlAtStopProfit &&
    a.pnlAtStopLoss === b.pnlAtStopLoss
  );
}
