// The market writer's dealing desk between raw source ticks and the quote state; rules in docs/market-data.md.
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../core/services.ts';
import type { MarketInstrument } from '../instrument-catalogue.ts';
import { type PriceSource, type RawTick, type SourceSink, SIMULATOR_SOURCE } from '../sources/price-source.ts';
import type { DeskConfig } from './desk-config.ts';
import { firstHealthy, healthy, Line, NEVER, type Slot, Src } from './desk-lines.ts';
import { DeskJournal, deskStatus } from './desk-report.ts';
import type { DeskFlags, DeskStatus } from './desk-status.ts';
import {
  checkTick,
  makePrice,
  markUp,
  offsetTicks,
  type RejectReason,
  type SideQuote,
  type TimeLimits,
  type TwoSides,
} from './tick-rules.ts';

export interface DeskOptions {
  /** Only for instruments quoted by a real source (not the simulator) without limits of their own. */
  defaultStaleMs: number;
  defaultSpikePct: string;
  time: TimeLimits;
  /** Health is judged on this period even without a tick arriving. */
  checkMs: number;
  /** Held ticks in a row, each within the spike limit of the one before, prove a real move. */
  spikeConfirm: number;
}

export const DEFAULT_DESK_OPTIONS: DeskOptions = {
  defaultStaleMs: 10_000,
  defaultSpikePct: '5',
  time: { futureMs: 5_000, pastMs: 60_000 },
  checkMs: 500,
  spikeConfirm: 3,
};

export interface DeskDeps extends Pick<Services, 'clock' | 'timers'> {
  log: FastifyBaseLogger | null;
  /** Bid equals ask for one price. */
  apply(index: number, bid: number, ask: number, time: number, volume: number): void;
  flags(index: number, flags: DeskFlags): void;
  /** A shut market is never stale. */
  isOpen(index: number): boolean;
}

export class PriceDesk {
  private readonly srcs: Src[];
  private readonly lines: Line[];
  private readonly byId = new Map<number, Line>();
  private readonly scratch: SideQuote = { bid: -1, ask: -1, last: -1 };
  private readonly made: TwoSides = { bid: -1, ask: -1 };
  private readonly journal: DeskJournal;
  private handle: unknown = null;
  private readonly deps: DeskDeps;
  private readonly opts: DeskOptions;

  constructor(
    instruments: readonly MarketInstrument[],
    sources: readonly PriceSource[],
    deps: DeskDeps,
    opts: DeskOptions = DEFAULT_DESK_OPTIONS,
  ) {
    this.deps = deps;
    this.opts = opts;
    const now = deps.clock.now();
    this.journal = new DeskJournal(deps.log);
    this.srcs = sources.map((source, i) => new Src(source, i, now));
    this.lines = instruments.map((inst, index) => {
      const line = new Line(inst, index);
      this.byId.set(inst.id, line);
      return line;
    });
  }

  /** Run at start and after every change of the operator's configuration. */
  configure(config: DeskConfig): void {
    const old = new Map<string, Slot>();
    for (const s of this.srcs) {
      for (const slot of s.bySymbol.values()) old.set(`${s.name}|${slot.line.inst.id}|${slot.symbol}`, slot);
      s.bySymbol.clear();
      const reason = config.suspended.get(s.name) ?? null;
      if (reason !== s.suspended)
        this.event(reason === null ? 'source resumed' : 'source suspended', `${s.name}${reason ? `: ${reason}` : ''}`);
      s.suspended = reason;
    }
    const rules = new Map(config.rules.map((r) => [r.instrumentId, r]));
    const named = new Set(this.srcs.map((s) => s.name));
    const mappedElsewhere = new Set(
      config.mappings.filter((m) => m.source !== SIMULATOR_SOURCE && named.has(m.source)).map((m) => m.instrumentId),
    );
    const mappings = [...config.mappings];
    // The simulator quotes by code whatever no other configured source maps; never a silent fallback for the rest.
    for (const line of this.lines) {
      if (!mappedElsewhere.has(line.inst.id))
        mappings.push({ source: SIMULATOR_SOURCE, symbol: line.inst.code, instrumentId: line.inst.id, offset: '0' });
    }
    for (const line of this.lines) line.slots = [];
    for (const m of mappings) {
      const src = this.srcs.find((s) => s.name === m.source);
      const line = this.byId.get(m.instrumentId);
      if (!src || !line || src.bySymbol.has(m.symbol) || line.slots.some((sl) => sl.src === src)) continue;
      const offset = offsetTicks(m.offset, line.inst.pricePrecision) ?? 0;
      const kept = old.get(`${src.name}|${line.inst.id}|${m.symbol}`);
      const slot: Slot = kept ?? {
        src,
        line,
        symbol: m.symbol,
        offset,
        sides: { bid: -1, ask: -1, last: -1 },
        lastAt: NEVER,
        refusedSince: NEVER,
      };
      slot.offset = offset;
      src.bySymbol.set(m.symbol, slot);
      line.slots.push(slot);
    }
    for (const line of this.lines) {
      line.slots.sort((a, b) => a.src.priority - b.src.priority);
      const r = rules.get(line.inst.id);
      line.rule = r?.rule ?? 'mid';
      const real = line.slots.some((sl) => sl.src.real);
      line.staleMs = r?.staleMs ?? (real ? this.opts.defaultStaleMs : 0);
      line.spikePct = r?.spikePct ?? (real ? this.opts.defaultSpikePct : '0');
      line.spikeRatio = Number(line.spikePct) / 100;
      line.spreadMode = r?.spreadMode ?? null;
      line.spreadPoints = r?.spreadPoints ?? 0;
      const halt = r?.haltReason ?? null;
      if (halt !== line.halt) {
        line.halt = halt;
        this.event(halt === null ? 'trading resumed' : 'trading halted', `${line.inst.code}${halt ? `: ${halt}` : ''}`);
        this.deps.flags(line.index, { code: line.inst.code, stale: line.stale, halt });
      }
      if (line.active && !line.slots.includes(line.active)) {
        // Its source no longer quotes it (e.g. the simulator, once an LP is mapped): that price is no spike baseline.
        line.active = null;
        line.lastGood = -1;
        line.held = -1;
        line.heldRun = 0;
      }
    }
    for (const s of this.srcs) {
      const symbols = [...s.bySymbol.keys()].sort();
      const key = symbols.join('\n');
      if (key === s.subscribed) continue; // an LP is asked again only when its symbols change
      s.subscribed = key;
      s.source.subscribe(symbols);
    }
    this.check();
  }

  /** Does not wait: an LP slow to log on must not hold up the server; a failing source leaves the others running. */
  start(): void {
    for (const s of this.srcs) {
      const failed = (err: unknown): void => {
        this.deps.log?.error({ err, source: s.name }, 'price source failed to start');
        this.connection(s, false, `failed to start: ${err instanceof Error ? err.message : String(err)}`);
      };
      try {
        s.source.start(this.sinkFor(s)).catch(failed);
      } catch (err) {
        failed(err);
      }
    }
    this.handle = this.deps.timers.setInterval(() => this.check(), this.opts.checkMs);
  }

  async stop(): Promise<void> {
    if (this.handle !== null) this.deps.timers.clearInterval(this.handle);
    this.handle = null;
    await Promise.all(
      this.srcs.map((s) =>
        s.source
          .stop()
          .catch((err: unknown) => this.deps.log?.warn({ err, source: s.name }, 'price source stop failed')),
      ),
    );
  }

  private sinkFor(src: Src): SourceSink {
    return {
      tick: (raw) => this.tick(src, raw),
      rejected: (symbol, reason) => {
        this.journal.refusal(this.deps.clock.now(), src, String(symbol), String(reason));
        this.event('symbol refused by source', `${src.name} ${String(symbol)}: ${String(reason)}`);
      },
      malformed: (reason) => this.reject(src, '', 'malformed', String(reason)),
      connection: (up, detail) => this.connection(src, up, detail),
    };
  }

  private connection(src: Src, up: boolean, detail: string): void {
    const changed = src.up !== up;
    src.up = up;
    src.detail = String(detail);
    if (changed || !up) this.event(up ? 'source up' : 'source down', `${src.name}: ${src.detail}`);
    if (changed) this.check();
  }

  private reject(src: Src, symbol: string, reason: RejectReason, detail?: string): void {
    this.journal.reject(this.deps.clock.now(), src, symbol, reason, detail);
  }

  /** Never throws: a source's bad input must not stop it or the other symbols. */
  private tick(src: Src, raw: RawTick): void {
    src.ticks++;
    const symbol = raw !== null && typeof raw === 'object' && typeof raw.symbol === 'string' ? raw.symbol : null;
    if (symbol === null) return this.reject(src, '', 'malformed');
    const slot = src.bySymbol.get(symbol);
    if (!slot) return this.reject(src, symbol.slice(0, 64), 'unknown_symbol');
    const line = slot.line;
    const now = this.deps.clock.now();
    const why = checkTick(raw, line.inst.pricePrecision, now, this.opts.time, slot.sides, this.scratch);
    if (why !== null) return this.refuse(slot, why, now);
    const price = makePrice(line.rule, this.scratch);
    if (price < 0) return this.refuse(slot, 'malformed', now);
    const made = price + slot.offset;
    const two = this.made;
    markUp(line.spreadMode, line.spreadPoints, made, slot.offset, this.scratch, two);
    if (made <= 0 || two.bid <= 0) return this.refuse(slot, 'bad_price', now);
    slot.refusedSince = NEVER;
    slot.sides.bid = this.scratch.bid;
    slot.sides.ask = this.scratch.ask;
    slot.sides.last = this.scratch.last;
    slot.lastAt = now;
    src.lastAt = now;
    if (src.suspended !== null) return;
    if (line.active !== slot) {
      const cur = line.active;
      // Hand-back to a better source as soon as it ticks; fail-over to a worse one only when the current is unhealthy.
      if (cur && cur.src.priority < src.priority && healthy(cur, line, now, this.opts.defaultStaleMs)) return;
      this.switchTo(line, slot, now);
    }
    if (line.halt !== null) return;
    if (line.spikeRatio > 0 && line.lastGood > 0 && Math.abs(made - line.lastGood) > line.lastGood * line.spikeRatio) {
      if (!this.confirmed(line, src, made)) return;
      this.event('spike confirmed as a move', `${line.inst.code} ${src.name}: ${line.heldRun} ticks at the new level`);
    }
    line.held = -1;
    line.heldRun = 0;
    line.lastGood = made;
    if (line.stale) this.setStale(line, false);
    const vol = raw.volume === undefined ? 1 : Math.round(Number(raw.volume));
    this.deps.apply(line.index, two.bid, two.ask, now, Number.isFinite(vol) && vol >= 1 ? vol : 1);
  }

  private refuse(slot: Slot, reason: RejectReason, now: number): void {
    if (slot.refusedSince === NEVER) slot.refusedSince = now;
    this.reject(slot.src, slot.symbol, reason);
  }

  /** True once `spikeConfirm` held ticks in a row agree. */
  private confirmed(line: Line, src: Src, made: number): boolean {
    line.spikes++;
    src.spikes++;
    if (line.held > 0 && Math.abs(made - line.held) <= line.held * line.spikeRatio) line.heldRun++;
    else {
      line.heldRun = 1;
      this.event(
        'spike held',
        `${line.inst.code} ${src.name}: ${made} ticks against ${line.lastGood} (limit ${line.spikePct}%)`,
      );
    }
    line.held = made;
    return line.heldRun >= this.opts.spikeConfirm;
  }

  private switchTo(line: Line, slot: Slot | null, now: number): void {
    const from = line.active;
    if (from === slot) return;
    line.active = slot;
    if (!from || !slot) {
      if (slot && line.lastGood >= 0) this.event('source chosen', `${line.inst.code}: ${slot.src.name}`);
      return;
    }
    const back = slot.src.priority < from.src.priority;
    if (!back) {
      line.failovers++;
      from.src.failovers++;
    }
    this.event(back ? 'hand-back' : 'fail-over', `${line.inst.code}: ${from.src.name} → ${slot.src.name}`);
    this.deps.log?.warn(
      { code: line.inst.code, from: from.src.name, to: slot.src.name, at: now },
      back ? 'price desk: hand-back' : 'price desk: fail-over',
    );
  }

  private setStale(line: Line, stale: boolean): void {
    line.stale = stale;
    this.event(
      stale ? 'stale' : 'fresh',
      `${line.inst.code}${stale ? ` (no healthy source${line.staleMs > 0 ? ` within ${line.staleMs} ms` : ''})` : ''}`,
    );
    this.deps.flags(line.index, { code: line.inst.code, stale, halt: line.halt });
  }

  check(): void {
    const now = this.deps.clock.now();
    for (const line of this.lines) {
      const next = firstHealthy(line, now, this.opts.defaultStaleMs);
      const cur = line.active;
      if (cur && next === cur) {
        if (line.stale) this.setStale(line, false);
        continue;
      }
      if (next !== cur && (next !== null || cur !== null)) this.switchTo(line, next, now);
      // No healthy source is stale whatever the limits say: its last price is frozen and must not trade.
      const stale = next === null && this.deps.isOpen(line.index);
      if (stale !== line.stale) this.setStale(line, stale);
    }
  }

  private event(kind: string, detail: string): void {
    this.journal.event(this.deps.clock.now(), kind, detail);
  }

  status(): DeskStatus {
    return deskStatus(this.deps.clock.now(), this.srcs, this.lines, (i) => this.deps.isOpen(i), this.journal);
  }
}
