// The status is the market writer's; a gateway that has not heard from a writer says so (docs/market-data.md).
import { iso } from '../../../domain/time.ts';
import type { AppContext } from '../../core/app-context.ts';
import { ApiError } from '../../http/envelope.ts';
import { recentDeskChanges } from '../../market/price-desk/desk-config.ts';
import type { DeskStatus } from '../../market/price-desk/desk-status.ts';
import type { OpsCommand } from '../command.ts';

function statusReport(name: string, summary: string, rows: (status: DeskStatus) => unknown[]): OpsCommand {
  const run = async (ctx: AppContext) => {
    const status = ctx.priceDesk?.status();
    if (!status) throw new ApiError('price_desk_unavailable');
    return rows(status);
  };
  return { name, right: 'price-desk', summary, params: [], run };
}

/** Under their snake_case names: the operator's columns. */
function columns<T extends object>(row: T, keys: ReadonlyArray<keyof T & string>): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), row[k]]));
}

export const DESK_REPORT_COMMANDS: readonly OpsCommand[] = [
  statusReport(
    'feeds',
    'Each price source: state, symbols, instruments driven, last tick age, ticks/s, spikes held, fail-overs, refused ticks',
    (status) =>
      status.sources.map((s) => ({
        source: s.name,
        ...columns(s, ['priority', 'state', 'detail', 'symbols', 'driving', 'lastTickAgeMs']),
        ticks_per_s: s.ticksPerSec,
        ...columns(s, ['spikesHeld', 'failovers', 'rejected']),
        reject_reasons: Object.entries(s.rejects)
          .map(([k, v]) => `${k}:${v}`)
          .join(' '),
        refused_symbols: s.refusals.map((r) => `${r.symbol} (${r.reason})`).join('; '),
      })),
  ),
  statusReport(
    'feed-instruments',
    'Each instrument: live/stale/halted/closed, the source driving it, its sources, rule, limits, spikes held, fail-overs',
    (status) =>
      status.instruments.map((i) =>
        columns(i, [
          'code',
          'state',
          'source',
          'symbol',
          'sources',
          'rule',
          'staleMs',
          'spikePct',
          'lastTickAgeMs',
          'spikesHeld',
          'failovers',
          'haltReason',
          'spread',
        ]),
      ),
  ),
  statusReport(
    'feed-events',
    'Every change of state on the desk, newest first: sources up/down, stale/fresh, fail-over, hand-back, spikes, halts, refusals',
    (status) => status.events.map((e) => ({ at: iso(e.at), kind: e.kind, detail: e.detail })),
  ),
  statusReport(
    'feed-rejects',
    'The latest ticks refused (malformed, unknown symbol, bad price, crossed, precision, time) and symbols a source refused',
    (s) => {
      const refused = s.sources.flatMap((src) =>
        src.refusals.map((r) => ({
          at: r.at,
          source: src.name,
          symbol: r.symbol,
          reason: `refused by source: ${r.reason}`,
        })),
      );
      return [...refused, ...s.rejects]
        .sort((a, b) => b.at - a.at)
        .map((r) => ({ at: iso(r.at), source: r.source, symbol: r.symbol, reason: r.reason }));
    },
  ),
  {
    name: 'feed-changes',
    right: 'price-desk',
    summary: "The dealing desk's changes, newest first: who, when, what",
    params: [],
    run: async (ctx) =>
      (await recentDeskChanges(ctx.db, 200)).map((c) => ({
        at: iso(c.at),
        by: c.by,
        command: c.command,
        detail: c.detail,
      })),
  },
];
