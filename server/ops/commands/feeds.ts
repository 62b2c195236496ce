// The feeds as the operator reads them (docs/market-data.md): each source, each instrument, the log of state changes,
// the refused ticks and the symbols a source refused, the desk's change record. The status is the market writer's
// (published every second on a cluster); a gateway that has not heard from a writer says so.
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/envelope.ts';
import { recentFeedChanges } from '../../market/feeds/feed-config.ts';
import type { FeedStatus } from '../../market/feeds/feed-status.ts';
import type { OpsCommand } from '../command.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

function statusOf(ctx: AppContext): FeedStatus {
  const s = ctx.feeds?.status() ?? null;
  if (!s) throw new ApiError('feeds_unavailable');
  return s;
}

export const feedsShow: OpsCommand = {
  name: 'feeds',
  summary: 'Each price source: state, symbols, instruments driven, last tick age, ticks/s, spikes held, fail-overs, refused ticks',
  params: [],
  run: async (ctx) =>
    statusOf(ctx).sources.map((s) => ({
      source: s.name,
      priority: s.priority,
      state: s.state,
      detail: s.detail,
      symbols: s.symbols,
      driving: s.driving,
      last_tick_age_ms: s.lastTickAgeMs,
      ticks_per_s: s.ticksPerSec,
      spikes_held: s.spikesHeld,
      failovers: s.failovers,
      rejected: s.rejected,
      reject_reasons: Object.entries(s.rejects).map(([k, v]) => `${k}:${v}`).join(' '),
      refused_symbols: s.refusals.map((r) => `${r.symbol} (${r.reason})`).join('; '),
    })),
};

export const feedInstruments: OpsCommand = {
  name: 'feed-instruments',
  summary: 'Each instrument: live/stale/halted/closed, the source driving it, its sources, rule, limits, spikes held, fail-overs',
  params: [],
  run: async (ctx) =>
    statusOf(ctx).instruments.map((i) => ({
      code: i.code,
      state: i.state,
      source: i.source,
      symbol: i.symbol,
      sources: i.sources,
      rule: i.rule,
      stale_ms: i.staleMs,
      spike_pct: i.spikePct,
      last_tick_age_ms: i.lastTickAgeMs,
      spikes_held: i.spikesHeld,
      failovers: i.failovers,
      halt_reason: i.haltReason,
    })),
};

export const feedEvents: OpsCommand = {
  name: 'feed-events',
  summary: 'Every change of feed state, newest first: sources up/down, stale/fresh, fail-over, hand-back, spikes, halts, refusals',
  params: [],
  run: async (ctx) => statusOf(ctx).events.map((e) => ({ at: iso(e.at), kind: e.kind, detail: e.detail })),
};

export const feedRejects: OpsCommand = {
  name: 'feed-rejects',
  summary: 'The latest ticks refused (malformed, unknown symbol, bad price, crossed, precision, time) and symbols a source refused',
  params: [],
  run: async (ctx) => {
    const s = statusOf(ctx);
    const refused = s.sources.flatMap((src) => src.refusals.map((r) => ({ at: r.at, source: src.name, symbol: r.symbol, reason: `refused by source: ${r.reason}` })));
    return [...refused, ...s.rejects]
      .sort((a, b) => b.at - a.at)
      .map((r) => ({ at: iso(r.at), source: r.source, symbol: r.symbol, reason: r.reason }));
  },
};

export const feedChanges: OpsCommand = {
  name: 'feed-changes',
  summary: 'The dealing desk\'s changes, newest first: who, when, what',
  params: [],
  run: async (ctx) => (await recentFeedChanges(ctx.db, 200)).map((c) => ({ at: iso(c.at), by: c.by, command: c.command, detail: c.detail })),
};

export const FEED_STATUS_COMMANDS: readonly OpsCommand[] = [feedsShow, feedInstruments, feedEvents, feedRejects, feedChanges];
