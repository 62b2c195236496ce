// The operator's journal and status (docs/market-data.md "The dealing desk"); desk-status.ts says what it holds.
import type { FastifyBaseLogger } from 'fastify';
import { type Line, type Src, NEVER } from './desk-lines.ts';
import type { DeskEvent, DeskStatus, InstrumentDeskState, RejectSample, SourceStatus } from './desk-status.ts';
import type { RejectReason } from './tick-rules.ts';

const EVENTS_KEPT = 200;
const REJECTS_KEPT = 50;
const REFUSALS_KEPT = 20;

/** Newest first, each list bounded; every event is also logged. */
export class DeskJournal {
  readonly events: DeskEvent[] = [];
  readonly rejects: RejectSample[] = [];
  private readonly log: FastifyBaseLogger | null;

  constructor(log: FastifyBaseLogger | null) {
    this.log = log;
  }

  event(at: number, kind: string, detail: string): void {
    this.events.unshift({ at, kind, detail });
    if (this.events.length > EVENTS_KEPT) this.events.length = EVENTS_KEPT;
    this.log?.info({ desk: kind, detail }, `price desk: ${kind}`);
  }

  reject(at: number, src: Src, symbol: string, reason: RejectReason, detail?: string): void {
    src.rejected++;
    src.rejects[reason] = (src.rejects[reason] ?? 0) + 1;
    this.rejects.unshift({ at, source: src.name, symbol, reason });
    if (this.rejects.length > REJECTS_KEPT) this.rejects.length = REJECTS_KEPT;
    // Logged at debug per tick (a broken source must not flood the log); counts and samples are in the status.
    this.log?.debug({ source: src.name, symbol, reason, detail }, 'tick refused');
  }

  /** Newest first, bounded. */
  refusal(at: number, src: Src, symbol: string, reason: string): void {
    src.refusals.unshift({ symbol, reason, at });
    if (src.refusals.length > REFUSALS_KEPT) src.refusals.length = REFUSALS_KEPT;
  }
}

/** Also updates each source's tick rate. */
export function deskStatus(
  now: number,
  srcs: readonly Src[],
  lines: readonly Line[],
  isOpen: (index: number) => boolean,
  journal: DeskJournal,
): DeskStatus {
  const driving = new Map<Src, number>();
  for (const line of lines) if (line.active) driving.set(line.active.src, (driving.get(line.active.src) ?? 0) + 1);
  const sources = srcs.map((s): SourceStatus => {
    const dt = now - s.rateAt;
    if (dt >= 1000) {
      s.rate = Math.round(((s.ticks - s.rateTicks) * 1000) / dt);
      s.rateTicks = s.ticks;
      s.rateAt = now;
    }
    return {
      name: s.name,
      priority: s.priority,
      state: s.suspended !== null ? 'suspended' : s.up ? 'up' : 'down',
      detail: s.suspended ?? s.detail,
      symbols: s.bySymbol.size,
      driving: driving.get(s) ?? 0,
      lastTickAgeMs: s.lastAt === NEVER ? null : now - s.lastAt,
      ticksPerSec: s.rate,
      ticks: s.ticks,
      spikesHeld: s.spikes,
      failovers: s.failovers,
      rejected: s.rejected,
      rejects: { ...s.rejects },
      refusals: [...s.refusals],
    };
  });
  const instruments = lines
    .filter((l) => !l.inst.inMemory || l.slots.some((s) => s.src.real))
    .map((l) => {
      const a = l.active;
      const state: InstrumentDeskState =
        l.halt !== null ? 'halted' : l.stale ? 'stale' : !isOpen(l.index) ? 'closed' : a ? 'live' : 'waiting';
      return {
        code: l.inst.code,
        state,
        source: a?.src.name ?? null,
        symbol: a?.symbol ?? null,
        sources: l.slots.map((s) => `${s.src.name}:${s.symbol}`).join(' '),
        rule: l.rule,
        staleMs: l.staleMs,
        spikePct: l.spikePct,
        lastTickAgeMs: a && a.lastAt !== NEVER ? now - a.lastAt : null,
        spikesHeld: l.spikes,
        failovers: l.failovers,
        haltReason: l.halt,
        spread: l.spreadMode === null ? 'none' : `${l.spreadMode} ${l.spreadPoints}`,
      };
    });
  return { at: now, sources, instruments, events: [...journal.events], rejects: [...journal.rejects] };
}
