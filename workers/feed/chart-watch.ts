// One chart the app shows: its KLINE.{code} subscription, the REST history (full, or a refill after a reconnect), the
// bars kept in the cache between visits, the chart's indicators (workers/indicators.ts), and the queue of updates
// throttled to the chart's cadence. chart-watches.ts keeps one per chart on screen (the desk's grid shows four).
import type { Instrument, KlineBar, Period } from '../../domain/types.ts';
import { klineTopic, type ClientMessage } from '../../domain/ws-protocol.ts';
import { KlineSeries, MAX_BARS, pushKlineUpdate } from '../klines.ts';
import { IndicatorSet } from '../indicators.ts';
import type { IndicatorSettings } from '../../domain/indicators.ts';
import type { KlineUpdate } from '../protocol.ts';
import type { FeedDeps } from './deps.ts';
import { fetchKlines, type RestContext } from './rest.ts';

/** Recent bars kept per instrument and period between visits (IndexedDB). */
const CACHED_BARS = 300;
const barsKey = (code: string, period: Period): string => `tw.klines.${code}.${period}`;

/** Bars of history loaded when a chart opens. */
export const HISTORY_LIMIT = 500;
/** Bars a chart loads in low-bandwidth mode (FeedApi.setLowBandwidth): about a fifth of the bytes. */
export const LOW_BANDWIDTH_HISTORY = 120;
/** Latest 1min bars fetched beside the history, so the live minute's volume is not counted twice. */
export const LIVE_MINUTES = 2;
/** Live minutes held while history loads; more than this means the load is hopelessly slow. */
const MAX_BUFFERED_MINUTES = 600;
/** Kline updates waiting for a frame (frames stop while the page is hidden): beyond this, one reset replaces them. */
const MAX_QUEUED_KLINE_UPDATES = 300;
/**
 * Live bar updates reach the chart at most this often; a reset (history, another instrument or period) goes at once.
 * A chart redraw is costly on a phone; the header price and P&L still follow every batch (docs/worker.md).
 */
export const CHART_BAR_INTERVAL_MS = 250;

interface Watched {
  code: string;
  period: Period;
  series: KlineSeries | null;
  loading: boolean;
  failed: boolean;
  buffer: KlineBar[];
  /** The indicators of `series` (null when none are set). */
  ind: IndicatorSet | null;
}

export interface ChartWatchHost {
  deps: Pick<FeedDeps, 'clock' | 'timers' | 'cache' | 'log'>;
  send(msg: ClientMessage): void;
  instrument(code: string): Instrument | undefined;
  /** The REST context, or null before the feed has a config. */
  rest(): RestContext | null;
  requestFrame(): void;
  /** The indicators charts show (FeedApi.setIndicators), or null for none. */
  indicators(): IndicatorSettings | null;
}

export class ChartWatch {
  private chart: Watched | null = null;
  private queue: KlineUpdate[] = [];
  private sentAt = -Infinity;
  private timer: unknown = null;

  /** Bars a full history load asks for (fewer in low-bandwidth mode). */
  historyLimit = HISTORY_LIMIT;

  constructor(private readonly host: ChartWatchHost) {}

  async watch(code: string, period: Period): Promise<void> {
    const prev = this.chart;
    if (prev && prev.code === code && prev.period === period && prev.series && !prev.loading) {
      // The chart screen came back: hand it the whole series again.
      this.push(this.resetOf(prev, prev.series));
      return;
    }
    if (prev && prev.code !== code) this.host.send({ type: 'unsub', topic: klineTopic(prev.code) });
    const w: Watched = { code, period, series: null, loading: false, failed: false, buffer: [], ind: null };
    this.chart = w;
    this.queue = [];
    if (!prev || prev.code !== code) this.host.send({ type: 'sub', topic: klineTopic(code) });
    await this.load(w, 'full');
  }

  unwatch(): void {
    const w = this.chart;
    if (!w) return;
    this.chart = null;
    this.queue = [];
    this.host.send({ type: 'unsub', topic: klineTopic(w.code) });
  }

  stop(): void {
    if (this.timer !== null) this.host.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    this.chart = null;
    this.queue = [];
  }

  /** The instruments arrived: a chart waiting for its instrument starts loading. */
  instrumentsChanged(): void {
    const w = this.chart;
    if (w && !w.series && !w.loading)
      this.load(w, 'full').catch((err) => this.host.deps.log.warn('feed: chart load', err));
  }

  /** The indicators changed: the chart gets its series again as a reset with the new lines (computed once, here). */
  indicatorsChanged(): void {
    const w = this.chart;
    if (!w?.series || w.loading) return;
    w.ind = this.newIndicators();
    w.ind?.load(w.series.snapshot());
    this.push(this.resetOf(w, w.series));
  }

  /** The socket (re)opened (chart-watches.ts subscribed the topics again): load what the chart missed or failed to. */
  opened(reconnect: boolean): void {
    const w = this.chart;
    if (!w) return;
    if (!w.loading && (w.failed || (reconnect && w.series))) {
      this.load(w, w.series ? 'refill' : 'full').catch((err) => this.host.deps.log.warn('feed: chart refill', err));
    }
  }

  onMinute(m: KlineBar & { Code: string }): void {
    const w = this.chart;
    if (!w || m.Code !== w.code) return;
    if (!w.series || w.loading) {
      if (w.buffer.length >= MAX_BUFFERED_MINUTES) w.buffer.shift();
      w.buffer.push(m);
      return;
    }
    this.pushLive(w, w.series.applyMinute(m));
  }

  /** The queued kline updates, unless they are only live bars and the chart had some less than the interval ago. */
  take(): KlineUpdate[] | null {
    if (this.queue.length === 0) return null;
    const { clock, timers } = this.host.deps;
    const now = clock.now();
    const wait = this.sentAt + CHART_BAR_INTERVAL_MS - now;
    if (wait > 0 && this.queue.every((u) => u.kind === 'bar')) {
      // Held: the next batch after the interval carries them (quotes come ~10 times a second), so they cost no
      // message of their own; only if the market goes quiet does this timer ask for a frame an interval later.
      this.timer ??= timers.setTimeout(() => {
        this.timer = null;
        this.host.requestFrame();
      }, wait + CHART_BAR_INTERVAL_MS);
      return null;
    }
    if (this.timer !== null) timers.clearTimeout(this.timer);
    this.timer = null;
    this.sentAt = now;
    return this.queue.splice(0);
  }

  /** Full history, or after a reconnect the bars since our last one; live minutes wait in the buffer meanwhile. */
  private async load(w: Watched, mode: 'full' | 'refill'): Promise<void> {
    const inst = this.host.instrument(w.code);
    const ctx = this.host.rest();
    if (!inst || !ctx) return; // instrumentsChanged will start the load once the instrument is known
    w.loading = true;
    let from = mode === 'refill' ? (w.series?.lastTime() ?? null) : null;
    const full = { forexId: inst.Id, period: w.period, limit: this.historyLimit };
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
      if (w.series && from !== null) {
        const updates = w.series.refill(hist, mins);
        // The refill may replace bars before the live one: the indicators are recomputed over the series once.
        w.ind?.load(w.series.snapshot());
        for (const u of updates)
          this.push(u.kind === 'bar' && w.ind ? { ...u, ind: w.ind.at(u.bar.Time) ?? [] } : this.withLines(w, u));
      } else {
        w.series = new KlineSeries(w.code, w.period);
        w.ind = this.newIndicators();
        this.push(this.withLines(w, w.series.load(hist, mins)));
      }
      void this.host.deps.cache?.set(barsKey(w.code, w.period), w.series.snapshot().slice(-CACHED_BARS));
      w.failed = false;
      for (const m of w.buffer) this.pushLive(w, w.series.applyMinute(m));
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
  private async showCachedBars(w: Watched): Promise<void> {
    const bars = await this.host.deps.cache?.get<KlineBar[]>(barsKey(w.code, w.period));
    if (!bars || bars.length === 0 || this.chart !== w || w.series) return;
    // Computed on a set of their own: the live set starts with the REST history that replaces these bars.
    const ind = this.newIndicators();
    this.push(
      ind
        ? { kind: 'reset', code: w.code, period: w.period, bars, lines: ind.lines, ind: ind.load(bars) }
        : { kind: 'reset', code: w.code, period: w.period, bars },
    );
  }

  private newIndicators(): IndicatorSet | null {
    const s = this.host.indicators();
    return s ? new IndicatorSet(s, MAX_BARS) : null;
  }

  /** The whole series as a reset, with the indicator values kept beside it. */
  private resetOf(w: Watched, series: KlineSeries): KlineUpdate {
    const bars = series.snapshot();
    return w.ind
      ? { kind: 'reset', code: w.code, period: w.period, bars, lines: w.ind.lines, ind: w.ind.snapshot() }
      : { kind: 'reset', code: w.code, period: w.period, bars };
  }

  /** A reset from the series (a history load): its indicators are computed here, once. */
  private withLines(w: Watched, u: KlineUpdate): KlineUpdate {
    if (u.kind !== 'reset' || !w.ind) return u;
    return { ...u, lines: w.ind.lines, ind: w.ind.load(u.bars) };
  }

  /** A live bar: the indicators replace that bar's inputs (same Time) or add a bar, and travel with it. */
  private pushLive(w: Watched, u: KlineUpdate | null): void {
    if (!u) return;
    if (u.kind === 'bar' && w.ind) this.push({ ...u, ind: w.ind.apply(u.bar) ?? [] });
    else this.push(u);
  }

  private push(u: KlineUpdate): void {
    pushKlineUpdate(this.queue, u);
    const series = this.chart?.series;
    const w = this.chart;
    if (this.queue.length > MAX_QUEUED_KLINE_UPDATES && series && w) this.queue = [this.resetOf(w, series)];
    this.host.requestFrame();
  }
}
