// The DAY_MARKET topic: conflated quote batches. Every subscriber that keeps up gets the same frame (serialised
// once) with the instruments that changed since the last batch; one that was skipped (over the soft limit) gets
// everything changed since it last received, one frame per distinct gap; a new subscriber gets the full snapshot,
// built once per batch for everyone who subscribed meanwhile.
import type { QuoteTuple } from '../../src/domain/ws-protocol.ts';
import type { FrameSink, HubClient } from './connection.ts';
import type { HubMarket } from './hub-market.ts';

interface DaySub {
  needsSnapshot: boolean;
  /** The batch seq this subscriber is up to date with. */
  lastSeq: number;
}

export class DayMarketStream {
  private seq = 0;
  private readonly dirty = new Set<number>();
  /** Per instrument: the batch seq of its last change. */
  private readonly version: number[];
  private readonly subs = new Map<HubClient, DaySub>();

  constructor(
    private readonly market: HubMarket,
    private readonly sink: FrameSink,
  ) {
    this.version = new Array<number>(market.size).fill(0);
  }

  changed(index: number): void {
    this.dirty.add(index);
  }

  /** A fresh subscription: the snapshot goes out with the next batch. */
  subscribe(c: HubClient): void {
    this.subs.set(c, { needsSnapshot: true, lastSeq: 0 });
  }

  unsubscribe(c: HubClient): void {
    this.subs.delete(c);
  }

  /** Closes the batch period: returns the sender for this batch's frames, built lazily and shared. */
  batch(): (c: HubClient) => void {
    if (this.dirty.size > 0) {
      this.seq++;
      for (const i of this.dirty) this.version[i] = this.seq;
    }
    const seq = this.seq;
    const changed = [...this.dirty];
    this.dirty.clear();
    let shared: Buffer | null = null;
    let snapshot: Buffer | null = null;
    const catchUp = new Map<number, Buffer>();

    return (c) => {
      const sub = this.subs.get(c);
      if (!sub) return;
      if (sub.needsSnapshot) {
        snapshot ??= this.sink.serialise({ type: 'DAY_MARKET', data: this.tuples(() => true) });
        this.sink.send(c, snapshot);
        sub.needsSnapshot = false;
        sub.lastSeq = seq;
      } else if (sub.lastSeq < seq) {
        let frame: Buffer | undefined;
        if (sub.lastSeq === seq - 1) {
          shared ??= this.sink.serialise({ type: 'DAY_MARKET', data: this.tuplesOf(changed) });
          frame = shared;
        } else {
          frame = catchUp.get(sub.lastSeq);
          if (frame === undefined) {
            const since = sub.lastSeq;
            frame = this.sink.serialise({ type: 'DAY_MARKET', data: this.tuples((i) => (this.version[i] ?? 0) > since) });
            catchUp.set(since, frame);
          }
        }
        this.sink.send(c, frame);
        sub.lastSeq = seq;
      }
    };
  }

  private tuplesOf(indices: readonly number[]): QuoteTuple[] {
    const out: QuoteTuple[] = [];
    for (const i of indices) {
      const t = this.market.tupleAt(i);
      if (t) out.push(t);
    }
    return out;
  }

  private tuples(pick: (index: number) => boolean): QuoteTuple[] {
    const out: QuoteTuple[] = [];
    for (let i = 0; i < this.market.size; i++) {
      if (!pick(i)) continue;
      const t = this.market.tupleAt(i);
      if (t) out.push(t);
    }
    return out;
  }
}
