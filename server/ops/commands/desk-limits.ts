// A price change beyond the spike limit needs --force and is recorded (docs/market-data.md "Sanity limit").
import { dec, exactText } from '../../../domain/decimal.ts';
import type { AppContext } from '../../core/app-context.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError, fieldInvalid } from '../../http/envelope.ts';
import { recordDeskChange, spikeLimitOf } from '../../market/price-desk/desk-config.ts';
import type { OpsParam } from '../command.ts';

/** Used when the instrument has no spike limit. */
export const SANE_PCT_DEFAULT = '5';

export const FORCE: OpsParam = {
  name: 'force',
  help: 'confirm an offset or mark-up beyond the sanity limit (the spike limit, or 5 % of the price); recorded',
  optional: true,
  flag: true,
};

/** The CLI sends "yes"; anything but yes/true is refused. */
export function forceArg(raw: string | undefined): boolean {
  if (raw === undefined) return false;
  if (raw === 'yes' || raw === 'true') return true;
  throw fieldInvalid('force');
}

/** Returns what was beyond the limit, for the record; with no live price there is nothing to judge, so it passes. */
export async function checkDeskLimit(
  ctx: AppContext,
  q: Queryable,
  inst: { id: number; precision: number },
  code: string,
  change: { offset: string; source: string } | { points: number },
  force: boolean,
): Promise<string | null> {
  const live = ctx.market.latest(code)?.close;
  if (live === undefined) return null;
  const spike = await spikeLimitOf(q, inst.id);
  const pct = spike !== null && dec(spike).gt(0) ? spike : SANE_PCT_DEFAULT;
  const size = 'offset' in change ? dec(change.offset).abs() : dec(change.points).div(dec(10).pow(inst.precision));
  const limit = dec(live).times(pct).div(100);
  if (size.lte(limit)) return null;
  const said = `${'offset' in change ? 'offset' : 'mark-up'} ${exactText(size)} beyond ${pct}% of ${live}`;
  if (!force) throw new ApiError('spread.errors.beyond_limit', undefined, { change: said, limit: pct, price: live });
  return `forced: ${said}`;
}

/** One function on purpose: the place to point at an audit log. */
export function recordForced(q: Queryable, at: number, by: string, command: string, detail: string): Promise<void> {
  return recordDeskChange(q, at, by, `${command} --force`, detail);
}
