// The charts on screen, one per slot; KLINE subscriptions are counted, so one chart leaving does not stop another's.
import type { ClientMessage } from '../../domain/ws-protocol.ts';
import type { IndicatorSettings } from '../../domain/indicators.ts';
import type { KlineBar, Period } from '../../domain/types.ts';
import type { KlineUpdate } from '../protocol.ts';
import { ChartWatch, HISTORY_LIMIT, type ChartWatchHost } from './chart-watch.ts';

/** The desk's grid. */
export const MAX_CHARTS = 4;

export class ChartWatches {
  private readonly slots = new Map<number, ChartWatch>();
  private readonly topics = new Map<string, number>();
  private settings: IndicatorSettings | null = null;
  private limit = HISTORY_LIMIT;

  constructor(private readonly host: Omit<ChartWatchHost, 'indicators'>) {}

  set historyLimit(n: number) {
    this.limit = n;
    for (const w of this.slots.values()) w.historyLimit = n;
  }

  watch(code: string, period: Period, slot = 0): Promise<void> {
    if (!Number.isInteger(slot) || slot < 0 || slot >= MAX_CHARTS)
      return Promise.reject(new RangeError(`no chart slot ${slot}`));
    return this.slot(slot).watch(code, period);
  }

  unwatch(slot = 0): void {
    this.slots.get(slot)?.unwatch();
  }

  setIndicators(settings: IndicatorSettings | null): void {
    this.settings = settings;
    for (const w of this.slots.values()) w.indicatorsChanged();
  }

  stop(): void {
    for (const w of this.slots.values()) w.stop();
    this.topics.clear();
  }

  instrumentsChanged(): void {
    for (const w of this.slots.values()) w.instrumentsChanged();
  }

  /** Every counted topic is subscribed again once, then each chart refills what it missed. */
  opened(reconnect: boolean): void {
    for (const topic of this.topics.keys()) this.host.send({ type: 'sub', topic });
    for (const w of this.slots.values()) w.opened(reconnect);
  }

  onMinute(m: KlineBar & { Code: string }): void {
    for (const w of this.slots.values()) w.onMinute(m);
  }

  /** Each chart keeps its own cadence. */
  take(): KlineUpdate[] | null {
    let out: KlineUpdate[] | null = null;
    for (const w of this.slots.values()) {
      const u = w.take();
      if (u) out = out ? out.concat(u) : u;
    }
    return out;
  }

  private slot(n: number): ChartWatch {
    let w = this.slots.get(n);
    if (!w) {
      w = new ChartWatch({ ...this.host, send: (msg) => this.send(msg), indicators: () => this.settings });
      w.historyLimit = this.limit;
      this.slots.set(n, w);
    }
    return w;
  }

  /** KLINE topics go through the count; anything else goes straight out. */
  private send(msg: ClientMessage): void {
    if (msg.type !== 'sub' && msg.type !== 'unsub') return this.host.send(msg);
    const n = this.topics.get(msg.topic) ?? 0;
    if (msg.type === 'sub') {
      this.topics.set(msg.topic, n + 1);
      if (n === 0) this.host.send(msg);
      return;
    }
    if (n <= 1) {
      this.topics.delete(msg.topic);
      if (n === 1) this.host.send(msg);
    } else this.topics.set(msg.topic, n - 1);
  }
}
