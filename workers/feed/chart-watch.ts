// One chart on screen: its subscription, history (and refill after a reconnect), cached bars, indicators, throttling.
import type { Instrument, KlineBar, Period } from '../../domain/types.ts';
import { klineTopic, type ClientMessage } from '../../domain/ws-protocol.ts';
import { KlineSeries, MAX_BARS, pushKlineUpdate } from '../klines.ts';
import { IndicatorSet } from '../indicators.ts';
import type { IndicatorSettings } from '../../domain/indicators.ts';
import type { KlineUpdate } from '../protocol.ts';
import type { FeedDeps } from './deps.ts';
import { fetchKlines, type RestContext } from './rest.ts';

/** Kept between visits so a chart paints before the network answers. */
const CACHED_BARS = 300;
const barsKey = (code: string, period: Period): string => `tw.klines.${code}.${period}`;

export const HISTORY_LIMIT = 500;
/** About a fifth of the bytes. */
export const LOW_BANDWIDTH_HISTORY = 120;
/** Fetched beside the history, so the live minute's volume is not counted twice. */
export const LIVE_MINUTES = 2;
/** More live minutes than this while history loads means the load is hopelessly slow. */
const MAX_BUFFERED_MINUTES = 600;
/** Frames stop while the page is hidden: beyond this, one reset replaces the queue. */
const MAX_QUEUED_KLINE_UPDATES = 300;
/** A chart redraw is costly on a phone; resets go at once, and the header follows every batch (docs/worker.md). */
export const CHART_BAR_INTERVAL_MS = 250;

interface Watched {
  code: string;
  period: Period;
  series: KlineSeries | null;
  loading: boolean;
  failed: boolean;
  buffer: KlineBar[];
  ind: IndicatorSet | null;
}

export interface ChartWatchHost {
  deps: Pick<FeedDeps, 'clock' | 'timers' | 'cache' | 'log'>;
  send(msg: ClientMessage): void;
  instrument(code: string): Instrument | undefined;
  rest(): RestContext | null;
  requestFrame(): void;
  indicators(): IndicatorSettings | null;
}

export class ChartWatch {
  private chart: Watched | null = null;
  private queue: KlineUpdate[] = [];
  private sentAt = -Infinity;
  private timer: unknown = null;

  historyLimit = HISTORY_LIMIT;

  constructor(private readonly host: ChartWatchHost) {}

  async watch(code: string, period: Period): Promise<void> {
    const prev = this.chart;
    if (prev && prev.code === code && prev.period === period && prev.series && !prev.loading) {
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

  instrumentsChanged(): void {
    const w = this.chart;
    if (w && !w.series && !w.loading)
      this.load(w, 'full').catch((err) => this.host.deps.log.warn('feed: chart load', err));
  }

  /** The chart gets its series again as a reset, so the new lines are computed once, here. */
  indicatorsChanged(): void {
    const w = this.chart;
    if (!w?.series || w.loading) return;
    w.ind = this.newIndicators();
    w.ind?.load(w.series.snapshot());
    this.push(this.resetOf(w, w.series));
  }

  /** chart-watches.ts has subscribed the topics again: load what the chart missed or failed to. */
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

  take(): KlineUpdate[] | null {
    if (this.queue.length === 0) return null;
    const { clock, timers } = this.host.deps;
    const now = clock.now();
    const wait = this.sentAt + CHART_BAR_INTERVAL_MS - now;
    if (wait > 0 && this.queue.every((u) => u.kind === 'bar')) {
      // Held for the next batch, so they cost no message of their own; the timer covers a market gone quiet.
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

  /** Live minutes wait in the buffer while history loads. */
  private async load(w: Watched, mode: 'full' | 'refill'): Promise<void> {
    const inst = this.host.instrument(w.code);
    const ctx = this.host.rest();
    if (!inst || !ctx) return; // instrumentsChanged starts the load once the instrument is known
    w.loading = true;
    let from = mode === 'refill' ? (w.series?.lastTime() ?? null) : null;
    const full = { instrumentId: inst.Id, period: w.period, limit: this.historyLimit };
    if (mode === 'full' && !w.series) void this.showCachedBars(w);
    try {
      const [page, mins] = await Promise.all([
        fetchKlines(ctx, from === null ? full : { ...full, from }),
        w.period === '1min'
          ? Promise.resolve<KlineBar[]>([])
          : fetchKlines(ctx, { instrumentId: inst.Id, period: '1min', limit: LIVE_MINUTES }).catch(() => []),
      ]);
      let hist = page;
      if (from !== null && !hist.some((b) => b.Time === from)) {
        // The gap is longer than one page: reload it all.
        from = null;
        hist = await fetchKlines(ctx, full);
      }
      if (this.chart !== w) return;
      if (w.series && from !== null) {
        const updates = w.series.refill(hist, mins);
        // The refill may replace bars before the live one: the indicators are recomputed over the series once.
        w.ind?.load(w.series.snapshot());
        for (const u of updates)
          this.push(u.kind === 'bar' && w.ind ? { ...u, ind: w.ind.at(u.bar.Time) ?? [] } : this.withLines(w.ind, u));
      } else {
        w.series = new KlineSeries(w.code, w.period);
        w.ind = this.newIndicators();
        this.push(this.withLines(w.ind, w.series.load(hist, mins)));
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

  /** The REST history then replaces these bars. */
  private async showCachedBars(w: Watched): Promise<void> {
    const bars = await this.host.deps.cache?.get<KlineBar[]>(barsKey(w.code, w.period));
    if (!bars || bars.length === 0 || this.chart !== w || w.series) return;
    // A set of their own: the live set starts with the REST history that replaces these bars.
    this.push(this.withLines(this.newIndicators(), { kind: 'reset', code: w.code, period: w.period, bars }));
  }

  private newIndicators(): IndicatorSet | null {
    const s = this.host.indicators();
    return s ? new IndicatorSet(s, MAX_BARS) : null;
  }

  private resetOf(w: Watched, series: KlineSeries): KlineUpdate {
    const bars = series.snapshot();
    return w.ind
      ? { kind: 'reset', code: w.code, period: w.period, bars, lines: w.ind.lines, ind: w.ind.snapshot() }
      : { kind: 'reset', code: w.code, period: w.period, bars };
  }

  private withLines(ind: IndicatorSet | null, u: KlineUpdate): KlineUpdate {
    if (u.kind !== 'reset' || !ind) return u;
    return { ...u, lines: ind.lines, ind: ind.load(u.bars) };
  }

  /** The indicators replace that bar's inputs (same Time) or add a bar, and travel with it. */
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
