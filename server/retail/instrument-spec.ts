// The specification sheet's terms, read from the rows the swap job, market hours, price desk and closure job obey.
import { DEFAULT_SWAP_SCHEDULE } from '../../domain/swap.ts';
import { DAY_MS } from '../../domain/time.ts';
import type { InstrumentTerms, SpreadRule } from '../../domain/retail.ts';
import { trimZeros } from '../../domain/decimal-text.ts';
import { queryOne, type Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { comingClosures } from '../market/closures/closure-repository.ts';
import { SHOWN_AHEAD_DAYS } from '../market/closures/closure-window.ts';
import { isAlwaysOpen, marketClassOf, sessionAround, tradingStatusAt } from '../market/market-hours.ts';

/** The engine takes a stop at any distance on its side of the price (server/engine/engine.ts): no stop level. */
const STOP_LEVEL = 0;

interface SpecRow {
  market_class: string;
  long_rate: string | null;
  short_rate: string | null;
  mode: string | null;
  rollover_time: string | null;
  time_zone: string | null;
  triple_day: number | null;
  spread_mode: string | null;
  spread_points: number | null;
}

export async function instrumentSpec(q: Queryable, instrumentId: number, now: number): Promise<InstrumentTerms> {
  const r = await queryOne<SpecRow>(
    q,
    `SELECT i.market_class, s.long_rate::text AS long_rate, s.short_rate::text AS short_rate, s.mode, s.rollover_time,
       s.time_zone, s.triple_day, f.spread_mode, f.spread_points
     FROM instruments i
     LEFT JOIN instrument_swaps s ON s.instrument_id = i.id
     LEFT JOIN feed_rules f ON f.instrument_id = i.id
     WHERE i.id = $1 AND i.enabled`,
    [instrumentId],
  );
  if (!r) throw new ApiError('instrument_not_found');
  const cls = marketClassOf(r.market_class);
  const always = isAlwaysOpen(cls);
  const points = Number(r.spread_points ?? 0);
  // A fixed mode at 0 points is one price, as the price desk's mark-up makes it.
  const rule: SpreadRule =
    r.spread_mode === 'widen' ? 'widen' : r.spread_mode === 'fixed' && points > 0 ? 'fixed' : 'none';
  const closures = await comingClosures(q, instrumentId, now, now + SHOWN_AHEAD_DAYS * DAY_MS);
  const status = tradingStatusAt(cls, now, closures);
  // The session open now or next, that the sheet states the hours by, in the trader's zone.
  const session = sessionAround(cls, Math.floor(now / 1000));
  return {
    swap_long: trimZeros(r.long_rate ?? '0'),
    swap_short: trimZeros(r.short_rate ?? '0'),
    swap_mode: r.mode === 'percent' ? 'percent' : 'points',
    swap_triple_day: Number(r.triple_day ?? DEFAULT_SWAP_SCHEDULE.tripleDay),
    swap_time: r.rollover_time ?? DEFAULT_SWAP_SCHEDULE.rolloverTime,
    swap_zone: r.time_zone ?? DEFAULT_SWAP_SCHEDULE.timeZone,
    always_open: always,
    session_open: session === null ? null : session.open * 1000,
    session_close: session === null ? null : session.close * 1000,
    open: status.open,
    next_change: status.next,
    spread_rule: rule,
    spread_points: rule === 'none' ? 0 : points,
    stop_level: STOP_LEVEL,
    closures: closures.map((c) => ({ start: c.startsAt, end: c.endsAt, reason: c.reason })),
  };
}
