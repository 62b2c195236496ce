// Conflation: the newest quote per instrument waits here for the next frame; codes off screen are held until shown.
import type { Instrument } from '../../domain/types.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import { isDecimalText } from '../../domain/decimal.ts';
import { DIR_SIGN, quotePrice, quoteText } from '../../domain/quote-text.ts';
import {
  Q_DIR,
  Q_INDEX,
  Q_RECEIVED,
  Q_STATUS,
  Q_TIME,
  QUOTE_STRIDE,
  QUOTE_TEXTS,
  T_ASK,
  T_CHANGE,
  T_HALT,
  T_PRICE,
  T_SPREAD,
} from '../protocol.ts';
import { spreadPoints } from '../../domain/format/spread.ts';

export class QuoteBoard {
  private codes: string[] = [];
  private index = new Map<string, number>();
  private precision: number[] = [];
  private changeRaw: string[] = [];
  private time = new Float64Array(0);
  private status = new Uint8Array(0);
  private received = new Float64Array(0);
  private closeText: string[] = [];
  /** Close is then the bid; absent: one price. */
  private readonly asks = new Map<string, string>();
  /** 1 = stale by the server's price desk; the halt reason or ''. */
  private flagged = new Uint8Array(0);
  private halt: string[] = [];
  private has = new Uint8Array(0);
  private dirty = new Uint8Array(0);
  private dirtyList: number[] = [];
  private stale = new Uint8Array(0);
  private told = new Uint8Array(0); // the painter starts out believing "stale"
  private staleMark = new Uint8Array(0);
  private staleList: number[] = [];
  /** null = all, until the painter has said anything. */
  private interestCodes: ReadonlySet<string> | null = null;
  private interest: Uint8Array | null = null;
  private held = new Uint8Array(0); // changed but not shown: sent when the code is shown again
  /** Kept so a late setInstruments still starts from them. */
  private orphans = new Map<string, { t: QuoteTuple; receivedAt: number }>();

  live = false;
  staleAfterMs = 10_000;

  indexOf(code: string): number {
    return this.index.get(code) ?? -1;
  }

  /** docs/protocol.md; null before any quote. */
  askOf(code: string): string | null {
    return this.asks.get(code) ?? this.closeOf(code);
  }

  /** Exact decimal text, as the risk maths read it. */
  closeOf(code: string): string | null {
    const i = this.indexOf(code);
    return i >= 0 && this.has[i] === 1 ? (this.closeText[i] ?? null) : null;
  }

  /** Everything known is re-sent: the painter maps indexes by the new list. */
  setInstruments(list: readonly Instrument[], serverNow: number): void {
    const n = list.length;
    const prev = { ...this }; // the arrays below are replaced, not written to
    this.codes = list.map((x) => x.Code);
    this.index = new Map(this.codes.map((c, i) => [c, i]));
    this.precision = list.map((x) => x.PricePrecision);
    this.changeRaw = new Array<string>(n).fill('0');
    this.time = new Float64Array(n);
    this.status = new Uint8Array(n);
    this.received = new Float64Array(n);
    this.closeText = new Array<string>(n).fill('');
    this.flagged = new Uint8Array(n);
    this.halt = new Array<string>(n).fill('');
    this.has = new Uint8Array(n);
    this.dirty = new Uint8Array(n);
    this.dirtyList = [];
    this.stale = new Uint8Array(n).fill(1);
    this.told = new Uint8Array(n).fill(1);
    this.staleMark = new Uint8Array(n);
    this.staleList = [];
    this.held = new Uint8Array(n);
    this.interest = this.interestByIndex();
    list.forEach((inst, i) => {
      const j = prev.index.get(inst.Code);
      this.status[i] = inst.MarketStatus === 1 ? 1 : 0;
      if (j !== undefined) {
        this.told[i] = prev.told[j] ?? 1;
        this.stale[i] = prev.stale[j] ?? 1;
      }
      const q = inst.ForexQuotations;
      const known = j !== undefined && prev.has[j] === 1;
      if (known && (prev.time[j] ?? 0) >= (q?.Time ?? 0)) {
        this.changeRaw[i] = prev.changeRaw[j] ?? '0';
        this.time[i] = prev.time[j] ?? 0;
        this.status[i] = prev.status[j] ?? 0;
        this.received[i] = prev.received[j] ?? 0;
        this.closeText[i] = prev.closeText[j] ?? '';
        this.flagged[i] = prev.flagged[j] ?? 0;
        this.halt[i] = prev.halt[j] ?? '';
        this.has[i] = 1;
      } else if (q && isDecimalText(q.Close)) {
        this.changeRaw[i] = q.Change;
        this.time[i] = q.Time;
        this.received[i] = 0;
        this.closeText[i] = q.Close;
        this.has[i] = 1;
      }
      if (this.has[i] === 1) this.markDirty(i);
    });
    for (const [code, o] of this.orphans) {
      const i = this.index.get(code);
      if (i !== undefined && o.t[3] >= (this.time[i] ?? 0)) this.apply(o.t, serverNow, o.receivedAt);
    }
    this.orphans.clear();
    this.evaluate(serverNow);
  }

  /** -1 when the code is not listed. */
  apply(t: QuoteTuple, serverNow: number, receivedAt: number): number {
    const i = this.index.get(t[0]);
    if (i === undefined) {
      const o = this.orphans.get(t[0]);
      if (!o || t[3] >= o.t[3]) this.orphans.set(t[0], { t, receivedAt }); // a kept quote read late never hides a live one
      return -1;
    }
    if (this.has[i] === 1 && t[3] < (this.time[i] ?? 0)) return i; // older than what we show: a late duplicate
    this.changeRaw[i] = t[2];
    this.time[i] = t[3];
    this.status[i] = t[4];
    this.received[i] = receivedAt;
    this.closeText[i] = t[1];
    if (typeof t[8] === 'string' && isDecimalText(t[8])) this.asks.set(t[0], t[8]);
    else this.asks.delete(t[0]);
    this.flagged[i] = t[5] === 'stale' ? 1 : 0;
    this.halt[i] = t[5] === 'halted' ? String(t[6] ?? '') : '';
    this.has[i] = 1;
    this.markDirty(i);
    this.evaluateOne(i, serverNow);
    return i;
  }

  /** A newly shown code with a quote or stale flag held back is marked, so the next frame brings it up to date. */
  setInterest(codes: Iterable<string> | null): void {
    this.interestCodes = codes === null ? null : new Set(codes);
    const next = this.interestByIndex();
    this.interest = next;
    for (let i = 0; i < this.codes.length; i++) {
      if (next !== null && next[i] !== 1) continue;
      if (this.held[i] === 1) {
        this.held[i] = 0;
        this.markDirty(i);
      }
      if (this.stale[i] !== this.told[i]) this.markStale(i);
    }
  }

  /** Called on a timer and whenever the connection state changes. */
  evaluate(serverNow: number): void {
    for (let i = 0; i < this.codes.length; i++) this.evaluateOne(i, serverNow);
  }

  get hasPending(): boolean {
    return this.dirtyList.length > 0 || this.staleList.length > 0;
  }

  /** QUOTE_TEXTS strings each, formatted here once; null when nothing changed. */
  takeQuotes(): { quotes: Float64Array<ArrayBuffer>; quoteText: string[] } | null {
    const n = this.dirtyList.length;
    if (n === 0) return null;
    const out = new Float64Array(n * QUOTE_STRIDE);
    const text = new Array<string>(n * QUOTE_TEXTS);
    for (let k = 0; k < n; k++) {
      const i = this.dirtyList[k] ?? 0;
      const o = k * QUOTE_STRIDE;
      const change = this.changeRaw[i];
      const shown = quoteText(this.closeText[i], change, this.precision[i] ?? 2);
      text[k * QUOTE_TEXTS + T_PRICE] = shown.price;
      text[k * QUOTE_TEXTS + T_CHANGE] = shown.change;
      text[k * QUOTE_TEXTS + T_HALT] = this.halt[i] ?? '';
      const bid = this.closeText[i] ?? '';
      const ask = this.asks.get(this.codes[i] ?? '') ?? bid;
      text[k * QUOTE_TEXTS + T_ASK] = quotePrice(ask, this.precision[i] ?? 2);
      text[k * QUOTE_TEXTS + T_SPREAD] = spreadPoints(bid, ask, this.precision[i] ?? 2);
      out[o + Q_INDEX] = i;
      out[o + Q_DIR] = DIR_SIGN[shown.dir];
      out[o + Q_TIME] = this.time[i] ?? 0;
      out[o + Q_STATUS] = this.status[i] ?? 0;
      out[o + Q_RECEIVED] = this.received[i] ?? 0;
      this.dirty[i] = 0;
    }
    this.dirtyList.length = 0;
    return { quotes: out, quoteText: text };
  }

  takeStale(): Int32Array<ArrayBuffer> | null {
    let n = 0;
    for (const i of this.staleList) if (this.stale[i] !== this.told[i]) n++;
    if (n === 0) {
      this.clearStaleList();
      return null;
    }
    const out = new Int32Array(n);
    let k = 0;
    for (const i of this.staleList) {
      const s = this.stale[i] ?? 1;
      if (s === this.told[i]) continue;
      out[k++] = s === 1 ? i + 1 : -(i + 1);
      this.told[i] = s;
    }
    this.clearStaleList();
    return out;
  }

  private clearStaleList(): void {
    for (const i of this.staleList) this.staleMark[i] = 0;
    this.staleList.length = 0;
  }

  private evaluateOne(i: number, serverNow: number): void {
    const open = this.status[i] === 1;
    let s: boolean;
    if (!this.live) s = true;
    else if (!open) s = false;
    // The server says so (its feed has no healthy source), or the quote is older than the limit.
    else s = this.has[i] !== 1 || this.flagged[i] === 1 || serverNow - (this.time[i] ?? 0) > this.staleAfterMs;
    const v = s ? 1 : 0;
    if (this.stale[i] === v && this.told[i] === v) return;
    this.stale[i] = v;
    // Off screen, its quotes are not parsed and all age out at once: the painter is told when the code is shown.
    if (this.interest === null || this.interest[i] === 1) this.markStale(i);
  }

  private markStale(i: number): void {
    if (this.staleMark[i] === 1) return;
    this.staleMark[i] = 1;
    this.staleList.push(i);
  }

  private interestByIndex(): Uint8Array | null {
    const shown = this.interestCodes;
    return shown ? Uint8Array.from(this.codes, (c) => (shown.has(c) ? 1 : 0)) : null;
  }

  private markDirty(i: number): void {
    if (this.interest && this.interest[i] !== 1) {
      this.held[i] = 1;
      return;
    }
    if (this.dirty[i] === 1) return;
    this.dirty[i] = 1;
    this.dirtyList.push(i);
  }
}
