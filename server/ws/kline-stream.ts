// A new subscriber gets the live bar at once, so a chart has it without waiting for a tick.
import type { HubClient } from './connection.ts';
import { MarketStream, type WireKline } from './hub-market.ts';

interface KlineSub {
  index: number;
  topic: string;
  sentVersion: number;
  sentTime: number;
}

interface BatchBars {
  live: WireKline | null;
  closed: WireKline | null;
  frames: Map<'live' | 'closed', Buffer>;
}

export class KlineStream extends MarketStream {
  private readonly subs = new Map<HubClient, Map<string, KlineSub>>();

  changed(index: number): void {
    this.version[index] = (this.version[index] ?? 0) + 1;
  }

  subscribe(c: HubClient, topic: string, index: number): void {
    let mine = this.subs.get(c);
    if (!mine) this.subs.set(c, (mine = new Map<string, KlineSub>()));
    const sub: KlineSub = { index, topic, sentVersion: -1, sentTime: -1 };
    mine.set(topic, sub);
    const bar = this.market.klineAt(index, 'live');
    if (bar) {
      this.sink.send(c, this.sink.serialise({ type: 'KLINE', topic, data: bar }));
      sub.sentVersion = this.version[index] ?? 0;
      sub.sentTime = bar.Time;
    }
  }

  unsubscribe(c: HubClient, topic: string): void {
    const mine = this.subs.get(c);
    mine?.delete(topic);
    if (mine?.size === 0) this.subs.delete(c);
  }

  forget(c: HubClient): void {
    this.subs.delete(c);
  }

  /** Bars read once per instrument, frames serialised once per instrument and bar. */
  batch(): (c: HubClient) => void {
    const bars = new Map<number, BatchBars>();
    return (c) => {
      const mine = this.subs.get(c);
      if (!mine) return;
      for (const sub of mine.values()) {
        const version = this.version[sub.index] ?? 0;
        if (version <= sub.sentVersion) continue;
        let k = bars.get(sub.index);
        if (!k) {
          k = {
            live: this.market.klineAt(sub.index, 'live'),
            closed: this.market.klineAt(sub.index, 'closed'),
            frames: new Map(),
          };
          bars.set(sub.index, k);
        }
        const { live, closed, frames } = k;
        if (!live) continue;
        const frameOf = (which: 'live' | 'closed', bar: WireKline): Buffer => {
          let f = frames.get(which);
          if (f === undefined)
            frames.set(which, (f = this.sink.serialise({ type: 'KLINE', topic: sub.topic, data: bar })));
          return f;
        };
        // The bar that closed since this client's last update: its final state first.
        if (closed && closed.Time < live.Time && sub.sentTime <= closed.Time)
          this.sink.send(c, frameOf('closed', closed));
        this.sink.send(c, frameOf('live', live));
        sub.sentVersion = version;
        sub.sentTime = live.Time;
      }
    };
  }
}
