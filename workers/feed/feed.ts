// The feed: one class behind FeedApi that runs unchanged in the worker (default) and on the main thread (?feed=main).
// Socket in, one conflated FeedBatch per frame out. This file is the life cycle, the message dispatch and the frame;
// each job has its room: quote-board.ts (quotes, staleness), ../risk.ts (live P&L), chart-watch.ts (klines),
// order-events.ts (login, FOREX_* sequence), preview-watch.ts (order form preview), sparkline-cache.ts, wire-codes.ts
// (low-bandwidth mode's code filter), quote-keep.ts (the last live quotes between visits), quote-filter.ts (which
// quotes are parsed at all).
// Long on purpose: the dispatch switch names every server message type in one place, on purpose.
import { transfer } from 'comlink';
import type { Instrument, Order, Period } from '../../domain/types.ts';
import type { IndicatorSettings } from '../../domain/indicators.ts';
import { LOW_BANDWIDTH_RATE_MS, TOPIC_DAY_MARKET, tupleAsk, type ServerMessage } from '../../domain/ws-protocol.ts';
import type {
  ConnState,
  FeedApi,
  FeedBatch,
  FeedConfig,
  FeedSink,
  NudgeReason,
  OrderPreviewInput,
} from '../protocol.ts';
import { RiskBook, previewOrder } from '../risk.ts';
import { HISTORY_LIMIT, LOW_BANDWIDTH_HISTORY } from './chart-watch.ts';
import { ChartWatches } from './chart-watches.ts';
import type { FeedDeps } from './deps.ts';
import { FlowControl } from './flow-control.ts';
import { OrderEvents } from './order-events.ts';
import { isQuoteTuple, parseServerMessage } from './parse.ts';
import { PreviewWatch } from './preview-watch.ts';
import { QuoteBoard } from './quote-board.ts';
import { QuoteKeep } from './quote-keep.ts';
import { QuoteFilter } from './quote-filter.ts';
import type { RestContext } from './rest.ts';
import { SocketLink } from './socket-link.ts';
import { SparklineCache } from './sparkline-cache.ts';
import { WireCodes } from './wire-codes.ts';

export { CHART_BAR_INTERVAL_MS, HISTORY_LIMIT, LIVE_MINUTES } from './chart-watch.ts';
export { SPARKLINE_TTL_MS } from './sparkline-cache.ts';

/** How often staleness is re-evaluated without any message arriving. */
export const STALE_CHECK_MS = 1000;

export class Feed implements FeedApi {
  private config: FeedConfig | null = null;
  private sink: FeedSink | null = null;
  private readonly link: SocketLink;
  private readonly board = new QuoteBoard();
  private readonly risk = new RiskBook();
  private readonly chart: ChartWatches;
  private readonly orders: OrderEvents;
  private readonly preview = new PreviewWatch();
  private readonly sparks: SparklineCache;
  private readonly keep: QuoteKeep;
  private byCode = new Map<string, Instrument>();
  private byId = new Map<number, Instrument>();
  private positions: { orders: Order[]; balance: string; lockBalance: string } | null = null;
  private marketOn = true;
  private conn: ConnState = 'connecting';
  private connDirty = false;
  private readonly flow: FlowControl;
  private staleTimer: unknown = null;
  private clockOffset = 0; // server clock minus ours, from pong.t: quote ages are measured on the server's clock
  private started = false;
  private resyncing = false; // a resume probe is out (nudge)
  private lowBandwidth = false;
  private readonly wire: WireCodes;
  private readonly filter = new QuoteFilter();

  constructor(private readonly deps: FeedDeps) {
    this.link = new SocketLink(deps, {
      onOpen: (reconnect) => this.onOpen(reconnect),
      onText: (text) => this.onText(text),
      onState: (s) => this.onState(s),
    });
    const send = (msg: Parameters<SocketLink['send']>[0]): void => void this.link.send(msg);
    this.chart = new ChartWatches({
      deps,
      send,
      instrument: (code) => this.byCode.get(code),
      rest: () => (this.config ? this.rest() : null),
      requestFrame: () => this.requestFrame(),
    });
    this.orders = new OrderEvents({ send, isOpen: () => this.link.isOpen, toSink: (fn) => this.callSink(fn) });
    this.sparks = new SparklineCache(deps);
    this.keep = new QuoteKeep(deps, () => this.filter.peekAll());
    this.wire = new WireCodes({ now: () => deps.clock.now(), timers: deps.timers, send: (msg) => this.link.send(msg) });
    this.flow = new FlowControl({ now: () => deps.clock.now(), schedule: deps.frame }, () => this.flush());
  }

  // ── FeedApi ────────────────────────────────────────────────────────────────────────────────────────────────

  /** Idempotent: a second call adopts the new config and sink; the socket only reconnects if wsUrl changed. */
  async start(config: FeedConfig, sink: FeedSink): Promise<void> {
    const prev = this.config;
    this.config = { ...config };
    if (this.sink !== sink) this.flow.reset();
    this.sink = sink;
    this.board.staleAfterMs = config.staleAfterMs;
    if (!this.started) {
      this.started = true;
      this.conn = 'connecting';
      this.connDirty = true;
      this.staleTimer = this.deps.timers.setInterval(() => this.checkStale(), STALE_CHECK_MS);
      this.link.start(config.wsUrl);
      this.requestFrame();
      void this.restoreQuotes();
      return;
    }
    if (prev && prev.token !== config.token) this.orders.switchToken(prev.token, config.token);
    this.link.start(config.wsUrl);
    this.connDirty = true;
    this.requestFrame();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.keep.saveNow();
    this.link.stop();
    if (this.staleTimer !== null) this.deps.timers.clearInterval(this.staleTimer);
    this.staleTimer = null;
    this.chart.stop();
    this.sink = null;
  }

  async setToken(token: string | null): Promise<void> {
    if (!this.config) return;
    const old = this.config.token;
    this.config.token = token;
    if (old !== token) this.orders.switchToken(old, token);
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
      this.risk.setPositions(
        p.orders,
        p.balance,
        p.lockBalance,
        (o) => this.instrumentOf(o),
        (c) => this.board.closeOf(c),
        (c) => this.board.askOf(c),
      );
    }
    this.chart.instrumentsChanged();
    this.requestFrame();
  }

  async setQuoteInterest(codes: string[] | null): Promise<void> {
    this.filter.setShown(codes);
    this.catchUp();
    this.board.setInterest(codes);
    this.wire.setShown(codes);
    if (this.board.hasPending) this.requestFrame();
  }

  async watchMarket(on: boolean): Promise<void> {
    if (on === this.marketOn) return;
    this.marketOn = on;
    this.link.send({ type: on ? 'sub' : 'unsub', topic: TOPIC_DAY_MARKET });
  }

  watchChart(code: string, period: Period, slot = 0): Promise<void> {
    return this.chart.watch(code, period, slot);
  }

  async unwatchChart(slot = 0): Promise<void> {
    this.chart.unwatch(slot);
  }

  async setIndicators(settings: IndicatorSettings | null): Promise<void> {
    this.chart.setIndicators(settings);
  }

  sparklines(): Promise<Record<string, Float32Array>> {
    return this.sparks.get(this.rest());
  }

  async watchPreview(seq: number, input: OrderPreviewInput | null): Promise<void> {
    this.filter.setForm(input?.code ?? null);
    this.catchUp();
    if (this.preview.watch(seq, input)) this.requestFrame();
  }

  async setMinInterval(ms: number): Promise<void> {
    this.flow.setMinInterval(ms);
  }

  async setPositions(orders: Order[], balance: string, lockBalance: string): Promise<void> {
    this.positions = { orders, balance, lockBalance };
    this.filter.setHeld(orders.map((o) => this.instrumentOf(o)?.Code ?? o.ForexTradeLists?.Code ?? ''));
    this.catchUp();
    this.risk.setPositions(
      orders,
      balance,
      lockBalance,
      (o) => this.instrumentOf(o),
      (c) => this.board.closeOf(c),
      (c) => this.board.askOf(c),
    );
    this.requestFrame();
  }

  async setLowBandwidth(on: boolean): Promise<void> {
    if (on === this.lowBandwidth) return;
    this.lowBandwidth = on;
    this.chart.historyLimit = on ? LOW_BANDWIDTH_HISTORY : HISTORY_LIMIT;
    this.link.send({ type: 'rate', ms: on ? LOW_BANDWIDTH_RATE_MS : 0 }); // if closed, onOpen sends it
    this.wire.setOn(on);
  }

  async setPinnedCodes(codes: string[]): Promise<void> {
    this.wire.setPinned(codes);
    this.filter.setPinned(codes);
    this.catchUp();
  }

  async nudge(reason: NudgeReason): Promise<void> {
    if (reason === 'hidden') {
      this.keep.saveNow(); // the page may be discarded while hidden: keep the last prices now
      return;
    }
    if (!this.started) return;
    if (reason === 'online') this.deps.log.warn('feed: back online, reconnecting now');
    if (reason === 'online') {
      this.link.nudge();
      return;
    }
    // Shown again after a hidden or frozen spell: what is on screen may be minutes old. Everything reads stale (trading
    // is disabled by it) until the link proves alive; then positions and balance are refetched. A link that is not
    // open reconnects now, and its login after the reconnect asks for the refetch itself (order-events.ts).
    this.board.live = false;
    this.board.evaluate(this.serverNow());
    this.requestFrame();
    this.resyncing = this.link.probe();
  }

  /** The probe after a resume was answered: quotes are judged live again and the account is refetched. */
  private resynced(): void {
    this.resyncing = false;
    this.board.live = this.conn === 'live';
    this.board.evaluate(this.serverNow());
    this.requestFrame();
    if (this.config?.token) this.callSink((s) => s.onOrderGap());
  }

  // ── socket events ──────────────────────────────────────────────────────────────────────────────────────────

  private onOpen(reconnect: boolean): void {
    if (this.lowBandwidth) this.link.send({ type: 'rate', ms: LOW_BANDWIDTH_RATE_MS }); // before any batch is due
    this.wire.opened(); // the code filter too, so even the snapshot is cut to it
    this.orders.opened(reconnect, this.config?.token ?? null);
    if (this.marketOn) this.link.send({ type: 'sub', topic: TOPIC_DAY_MARKET });
    this.chart.opened(reconnect);
  }

  private onState(s: ConnState): void {
    this.conn = s;
    if (s !== 'live') this.resyncing = false; // the probe failed: the reconnect's login refetches instead
    this.connDirty = true;
    this.board.live = s === 'live';
    this.board.evaluate(this.serverNow());
    this.requestFrame();
  }

  private onText(text: string): void {
    // Once the page has said what it shows, a quote frame is scanned and only the needed tuples parsed (quote-filter.ts).
    const needed = this.filter.filtering ? this.filter.scan(text) : null;
    if (needed) {
      this.onQuotes(needed);
      return;
    }
    const msg = parseServerMessage(text, this.deps.log);
    if (msg) this.handle(msg);
  }

  private handle(msg: ServerMessage): void {
    switch (msg.type) {
      case 'pong':
        this.link.pong();
        if (this.resyncing) this.resynced();
        if (typeof msg.t === 'number') {
          const now = this.deps.clock.now();
          const sent = this.link.lastPingSentAt;
          this.clockOffset = msg.t - (sent > 0 && sent <= now ? (sent + now) / 2 : now);
        }
        return;
      case 'DAY_MARKET':
        this.onQuotes(this.filter.pick(msg.data));
        return;
      case 'KLINE':
        this.chart.onMinute(msg.data);
        return;
      case 'FOREX_TRADE':
      case 'FOREX_CLOSED':
        this.orders.onEvent({ type: msg.type, seq: msg.seq, data: msg.data });
        return;
      case 'PRICE_ALERT':
        this.callSink((s) => s.onPriceAlert?.(msg.data));
        return;
      case 'ACCOUNT':
        this.callSink((s) => s.onAccountChange?.(msg.data.kind));
        return;
      case 'MARGIN_CALL':
        this.callSink((s) => s.onMarginCall?.(msg.data));
        return;
      case 'login':
        if (!msg.ok) this.deps.log.warn('feed: socket login refused', msg.msg);
        this.orders.loginAnswered(msg.ok, msg.msg, msg.seq);
        return;
      case 'revoked':
        this.orders.revoked(msg.msg);
        return;
      case 'sub':
      case 'unsub':
        if (!msg.ok) this.deps.log.warn(`feed: ${msg.type} ${msg.topic} refused`, msg.msg ?? '');
        return;
      case 'error':
        this.deps.log.warn('feed: server error', msg.msg);
        return;
      case 'logout':
      case 'rate': // the server's acknowledgements of setLowBandwidth: nothing to do
      case 'codes':
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
      if (i >= 0) this.risk.onQuote(t[0], t[1], tupleAsk(t));
      this.preview.ticked(t[0]);
      this.keep.note(t);
    }
    if (bad > 0) this.deps.log.warn(`feed: ${bad} malformed quote(s) ignored`);
    this.requestFrame();
  }

  /** Quotes skipped while their code was not needed, now that it is: applied before the next frame. */
  private catchUp(): void {
    const back = this.filter.takeNeeded();
    if (back.length > 0) this.onQuotes(back);
  }

  /**
   * The last visit's live quotes, painted like the list's snapshot quotes (stale, with their own time) where they are
   * newer than what the board holds; a quote for a code not listed yet waits in the board for setInstruments.
   */
  private async restoreQuotes(): Promise<void> {
    const tuples = await this.keep.load();
    if (tuples.length === 0) return;
    const serverNow = this.serverNow();
    for (const t of tuples) {
      const i = this.board.apply(t, serverNow, 0); // received 0: not a live tick (no tick-to-paint measurement)
      if (i >= 0) this.risk.onQuote(t[0], this.board.closeOf(t[0]) ?? t[1], this.board.askOf(t[0]) ?? tupleAsk(t));
    }
    this.requestFrame();
  }

  // ── frames ─────────────────────────────────────────────────────────────────────────────────────────────────

  /** Something changed: FlowControl sends a batch once the page has painted the previous one (flow-control.ts). */
  private requestFrame(): void {
    if (this.sink) this.flow.request();
  }

  /**
   * One batch with everything that changed since the last one; nothing is sent when nothing changed. Returns the
   * page's acknowledgement (it settles after the frame that paints the batch): the credit for the next batch.
   */
  private flush(): PromiseLike<unknown> | null {
    const sink = this.sink;
    if (!sink) return null;
    const taken = this.board.takeQuotes();
    const quotes = taken?.quotes ?? null;
    const quoteText = taken?.quoteText ?? null;
    const stale = this.board.takeStale();
    const conn = this.connDirty ? this.conn : null;
    this.connDirty = false;
    const kline = this.chart.take();
    const account = this.risk.take();
    const preview = this.preview.take((input) =>
      previewOrder(
        input,
        this.byCode.get(input.code),
        this.board.closeOf(input.code),
        this.config?.tradeFeeType ?? 0,
        this.board.askOf(input.code),
      ),
    );
    if (!quotes && !stale && !conn && !kline && !account && !preview) return null;
    const batch: FeedBatch = {
      flushedAt: this.deps.clock.now(),
      quotes,
      quoteText,
      stale,
      conn,
      kline,
      account,
      preview,
    };
    const transfers: ArrayBuffer[] = [];
    if (quotes) transfers.push(quotes.buffer);
    if (stale) transfers.push(stale.buffer);
    // Across the worker boundary the arrays move instead of being copied; on the main thread this is a no-op mark.
    try {
      const ack = sink.onBatch(transfer(batch, transfers));
      if (!(ack instanceof Promise)) return null;
      // A failed paint still returns the credit (FlowControl settles on either outcome); it is logged here.
      return ack.then(undefined, (err: unknown) => this.deps.log.error('feed: sink call failed', err));
    } catch (err) {
      this.deps.log.error('feed: sink call failed', err);
      return null;
    }
  }

  private checkStale(): void {
    this.board.evaluate(this.serverNow());
    if (this.board.hasPending) this.requestFrame();
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────────────────────

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
