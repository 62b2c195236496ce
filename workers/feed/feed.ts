// The feed behind FeedApi, the same in the worker and on the main thread: its life cycle and wiring (docs/worker.md).
import type { Instrument, AppOrder, Period } from '../../domain/types.ts';
import type { IndicatorSettings } from '../../domain/indicators.ts';
import { LOW_BANDWIDTH_RATE_MS, TOPIC_DAY_MARKET, tupleAsk } from '../../domain/ws-protocol.ts';
import type {
  FeedApi,
  FeedConfig,
  FeedSink,
  NudgeReason,
  OrderPreviewInput,
  FeedBatch,
  OrderPreview,
} from '../protocol.ts';
import { RiskBook, previewOrder } from '../risk.ts';
import { HISTORY_LIMIT, LOW_BANDWIDTH_HISTORY } from './chart-watch.ts';
import { ChartWatches } from './chart-watches.ts';
import type { FeedDeps } from './deps.ts';
import { transfer } from 'comlink';
import { FlowControl } from './flow-control.ts';
import { LinkWatch } from './link-watch.ts';
import { OrderEvents } from './order-events.ts';
import { parseServerMessage, isQuoteTuple } from './parse.ts';
import { dispatchServerMessage, type MessageRooms } from './server-messages.ts';
import { QuoteBoard } from './quote-board.ts';
import { QuoteKeep } from './quote-keep.ts';
import { QuoteFilter } from './quote-filter.ts';
import { type RestContext, fetchSparklines } from './rest.ts';
import { SocketLink } from './socket-link.ts';
import { WireCodes } from './wire-codes.ts';

// The order form's preview: recomputed when its instrument ticks, sent only if a figure moved.
export class PreviewWatch {
  private watched: { seq: number; input: OrderPreviewInput } | null = null;
  private dirty = false;
  private last: OrderPreview | null = null;

  /** Whether a frame is needed. */
  watch(seq: number, input: OrderPreviewInput | null): boolean {
    this.watched = input ? { seq, input } : null;
    this.last = null;
    this.dirty = input !== null;
    return this.dirty;
  }

  ticked(code: string): void {
    if (this.watched && code === this.watched.input.code) this.dirty = true;
  }

  /** `compute` prices it at the newest quote. */
  take(compute: (input: OrderPreviewInput) => OrderPreview): FeedBatch['preview'] {
    const w = this.watched;
    if (!w || !this.dirty) return null;
    this.dirty = false;
    const p = compute(w.input);
    const last = this.last;
    this.last = p;
    // Every field: a pending order turns from limit to stop when the market crosses it, at the same figures.
    if (last && (Object.keys(p) as (keyof OrderPreview)[]).every((k) => last[k] === p[k])) return null;
    return { seq: w.seq, preview: p };
  }
}

// The mini charts' close series: fetched at most once a TTL, one request at a time, the last visit's when offline.
/** Sparklines are 30min closes: refetching them more often than this buys nothing. */
export const SPARKLINE_TTL_MS = 60_000;
const SPARKS_KEY = 'tw.sparklines';

type Series = Record<string, Float32Array>;

export class SparklineCache {
  private kept: { at: number; data: Series } | null = null;
  private inFlight: Promise<Series> | null = null;

  constructor(private readonly deps: Pick<FeedDeps, 'clock' | 'cache'>) {}

  get(rest: RestContext): Promise<Series> {
    const now = this.deps.clock.now();
    if (this.kept && now - this.kept.at < SPARKLINE_TTL_MS) return Promise.resolve(this.kept.data);
    this.inFlight ??= fetchSparklines(rest)
      .then((data) => {
        this.kept = { at: now, data };
        void this.deps.cache?.set(SPARKS_KEY, data);
        return data;
      })
      .catch(async (err: unknown) => {
        // Offline or the server is down: last visit's mini charts are better than none.
        const stored = await this.deps.cache?.get<Series>(SPARKS_KEY);
        if (stored) return stored;
        throw err;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}

/** Staleness changes with time even when no message arrives. */
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
  private positions: { orders: AppOrder[]; balance: string; lockBalance: string } | null = null;
  private marketOn = true;
  private readonly flow: FlowControl;
  private staleTimer: unknown = null;
  private started = false;
  private lowBandwidth = false;
  private readonly wire: WireCodes;
  private readonly filter = new QuoteFilter();
  private readonly rooms: MessageRooms;
  private readonly watch: LinkWatch;

  constructor(private readonly deps: FeedDeps) {
    this.link = new SocketLink(deps, {
      onOpen: (reconnect) => this.onOpen(reconnect),
      onText: (text) => this.onText(text),
      onState: (s) => this.watch.state(s),
    });
    this.watch = new LinkWatch({
      link: this.link,
      board: this.board,
      clock: deps.clock,
      requestFrame: () => this.requestFrame(),
      resynced: () => {
        if (this.config?.token) this.callSink((s) => s.onOrderGap());
      },
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
    this.rooms = {
      log: deps.log,
      pong: (t) => this.watch.pong(t),
      quotes: (data) => this.onQuotes(this.filter.pick(data)),
      chart: this.chart,
      orders: this.orders,
      toSink: (fn) => this.callSink(fn),
    };
  }

  // ── FeedApi ────────────────────────────────────────────────────────────────────────────────────────────────

  /** A second call adopts the new config and sink; the socket only reconnects if wsUrl changed. */
  async start(config: FeedConfig, sink: FeedSink): Promise<void> {
    const prev = this.config;
    this.config = { ...config };
    if (this.sink !== sink) {
      this.flow.reset();
      if (this.sink) this.deps.releaseSink?.(this.sink);
    }
    this.sink = sink;
    this.board.staleAfterMs = config.staleAfterMs;
    if (!this.started) {
      this.started = true;
      this.watch.starting();
      this.staleTimer = this.deps.timers.setInterval(() => this.checkStale(), STALE_CHECK_MS);
      this.link.start(config.wsUrl);
      this.requestFrame();
      void this.restoreQuotes();
      return;
    }
    if (prev && prev.token !== config.token) this.orders.switchToken(prev.token, config.token);
    this.link.start(config.wsUrl);
    this.watch.touch();
    this.requestFrame();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.keep.saveNow();
    this.link.stop();
    if (this.staleTimer !== null) this.deps.timers.clearInterval(this.staleTimer);
    this.staleTimer = null;
    this.chart.stop();
    if (this.sink) this.deps.releaseSink?.(this.sink);
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
    this.board.setInstruments(list, this.watch.serverNow());
    this.applyPositions();
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

  async setPositions(orders: AppOrder[], balance: string, lockBalance: string): Promise<void> {
    this.positions = { orders, balance, lockBalance };
    this.filter.setHeld(orders.map((o) => this.instrumentOf(o)?.Code ?? o.instrument?.Code ?? ''));
    this.catchUp();
    this.applyPositions();
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
      this.keep.saveNow(); // the page may be discarded while hidden
      return;
    }
    if (!this.started) return;
    if (reason === 'online') {
      this.deps.log.warn('feed: back online, reconnecting now');
      this.link.nudge();
      return;
    }
    this.watch.resume(); // stale until the link proves alive
  }

  // ── socket events ──────────────────────────────────────────────────────────────────────────────────────────

  private onOpen(reconnect: boolean): void {
    if (this.lowBandwidth) this.link.send({ type: 'rate', ms: LOW_BANDWIDTH_RATE_MS }); // before any batch is due
    this.wire.opened(); // the code filter too, so even the snapshot is cut to it
    this.orders.opened(reconnect, this.config?.token ?? null);
    if (this.marketOn) this.link.send({ type: 'sub', topic: TOPIC_DAY_MARKET });
    this.chart.opened(reconnect);
  }

  private onText(text: string): void {
    // Once the page has said what it shows, only the needed tuples are parsed (quote-filter.ts).
    const needed = this.filter.filtering ? this.filter.scan(text) : null;
    if (needed) {
      this.onQuotes(needed);
      return;
    }
    const msg = parseServerMessage(text, this.deps.log);
    if (msg) dispatchServerMessage(msg, this.rooms);
  }

  /** Malformed ones are counted and logged once. */
  private onQuotes(data: readonly unknown[]): void {
    const now = this.deps.clock.now();
    const serverNow = this.watch.serverAt(now);
    let bad = 0;
    for (const t of data) {
      if (!isQuoteTuple(t)) {
        bad++;
        continue;
      }
      if (this.board.apply(t, serverNow, now) >= 0) this.risk.onQuote(t[0], t[1], tupleAsk(t));
      this.preview.ticked(t[0]);
      this.keep.note(t);
    }
    if (bad > 0) this.deps.log.warn(`feed: ${bad} malformed quote(s) ignored`);
    this.requestFrame();
  }

  /** Applied before the next frame, now that their code is needed. */
  private catchUp(): void {
    const back = this.filter.takeNeeded();
    if (back.length > 0) this.onQuotes(back);
  }

  /** Painted stale with their own time where newer than the board's; a code not listed yet waits for setInstruments. */
  private async restoreQuotes(): Promise<void> {
    const tuples = await this.keep.load();
    if (tuples.length === 0) return;
    const serverNow = this.watch.serverNow();
    const board = this.board;
    for (const t of tuples) {
      // received 0: not a live tick (no tick-to-paint measurement)
      if (board.apply(t, serverNow, 0) >= 0)
        this.risk.onQuote(t[0], board.closeOf(t[0]) ?? t[1], board.askOf(t[0]) ?? tupleAsk(t));
    }
    this.requestFrame();
  }

  // ── frames ─────────────────────────────────────────────────────────────────────────────────────────────────

  private requestFrame(): void {
    if (this.sink) this.flow.request();
  }

  /** The frame's one FeedBatch (null fields did not change); the page's acknowledgement is the credit for the next. */
  private flush(): PromiseLike<unknown> | null {
    const sink = this.sink;
    if (!sink) return null;
    const taken = this.board.takeQuotes();
    const quotes = taken?.quotes ?? null;
    const quoteText = taken?.quoteText ?? null;
    const stale = this.board.takeStale();
    const conn = this.watch.take();
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
    this.board.evaluate(this.watch.serverNow());
    if (this.board.hasPending) this.requestFrame();
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────────────────────

  /** Again when the instrument list changes. */
  private applyPositions(): void {
    const p = this.positions;
    if (!p) return;
    const board = this.board;
    const prices = { close: (c: string) => board.closeOf(c), ask: (c: string) => board.askOf(c) };
    this.risk.setPositions(p.orders, p.balance, p.lockBalance, (o) => this.instrumentOf(o), prices.close, prices.ask);
  }

  private instrumentOf(o: AppOrder): Instrument | undefined {
    return this.byId.get(o.instrumentId) ?? this.byCode.get(o.instrument?.Code ?? '');
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

  /** Logged rather than thrown: a page's failure must not stop the feed; in worker mode sink calls are promises. */
  private callSink(fn: (sink: FeedSink) => unknown): void {
    if (!this.sink) return;
    try {
      const r = fn(this.sink);
      if (r instanceof Promise) r.catch((err: unknown) => this.deps.log.error('feed: sink call failed', err));
    } catch (err) {
      this.deps.log.error('feed: sink call failed', err);
    }
  }
}
