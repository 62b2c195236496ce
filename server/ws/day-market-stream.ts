// Conflated quote batches: a skipped subscriber gets everything changed since it last received, newest state only.
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import type { CodeFilter, HubClient } from './connection.ts';
import { MarketStream, type HubMarket } from './hub-market.ts';

interface DaySub {
  needsSnapshot: boolean;
  lastSeq: number;
  /** Sent with the next frame whatever changed. */
  added: Set<number> | null;
}

/** Unknown codes are dropped. */
export function codeFilter(market: HubMarket, codes: readonly string[]): CodeFilter {
  const seen = new Set<number>();
  for (const code of codes) {
    const i = market.indexOfCode(code);
    if (i !== undefined) seen.add(i);
  }
  const indexes = [...seen].sort((a, b) => a - b);
  return { indexes, key: indexes.join(',') };
}

export class DayMarketStream extends MarketStream {
  private seq = 0;
  private readonly dirty = new Set<number>();
  private readonly subs = new Map<HubClient, DaySub>();

  changed(index: number): void {
    this.dirty.add(index);
  }

  /** The snapshot goes out with the next batch. */
  subscribe(c: HubClient): void {
    this.subs.set(c, { needsSnapshot: true, lastSeq: 0, added: null });
  }

  unsubscribe(c: HubClient): void {
    this.subs.delete(c);
  }

  /** What a filter gains is sent with the next frame; what it loses simply stops. */
  setFilter(c: HubClient, filter: CodeFilter | null): void {
    const before = c.codes;
    c.codes = filter;
    const sub = this.subs.get(c);
    if (!sub || sub.needsSnapshot) return;
    if (filter === null) {
      if (before !== null) sub.needsSnapshot = true;
      return;
    }
    if (before === null) return; // narrowed: it already has every instrument
    const had = new Set(before.indexes);
    for (const i of filter.indexes) {
      if (had.has(i)) continue;
      sub.added ??= new Set();
      sub.added.add(i);
    }
  }

  /** The frames are built lazily and shared. */
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
    const filtered = new Map<string, Buffer | null>();

    return (c) => {
      const sub = this.subs.get(c);
      if (!sub) return;
      if (c.codes !== null) {
        this.sendFiltered(c, sub, c.codes, seq, filtered);
        return;
      }
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
            frame = this.sink.serialise({
              type: 'DAY_MARKET',
              data: this.tuples((i) => (this.version[i] ?? 0) > since),
            });
            catchUp.set(since, frame);
          }
        }
        this.sink.send(c, frame);
        sub.lastSeq = seq;
      }
    };
  }

  /** Shared by the sockets with the same filter and gap; nothing is sent when it is empty. */
  private sendFiltered(
    c: HubClient,
    sub: DaySub,
    filter: CodeFilter,
    seq: number,
    shared: Map<string, Buffer | null>,
  ): void {
    if (!sub.needsSnapshot && sub.lastSeq >= seq && sub.added === null) return;
    const since = sub.needsSnapshot ? -1 : sub.lastSeq;
    const added = sub.added;
    const key = `${since}:${filter.key}`;
    let frame = added === null ? shared.get(key) : undefined;
    if (frame === undefined) {
      const data = this.tuplesOf(
        filter.indexes.filter((i) => (this.version[i] ?? 0) > since || added?.has(i) === true),
      );
      frame = data.length === 0 ? null : this.sink.serialise({ type: 'DAY_MARKET', data });
      if (added === null) shared.set(key, frame);
    }
    if (frame) this.sink.send(c, frame);
    sub.needsSnapshot = false;
    sub.lastSeq = seq;
    sub.added = null;
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
    return this.tuplesOf([...this.version.keys()].filter(pick));
  }
}
