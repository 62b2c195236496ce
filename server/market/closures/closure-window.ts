// What a closure's window may be (docs/market-data.md "Scheduled closures"); each refusal names its rule.
import { DAY_MS } from '../../../domain/time.ts';
import { ApiError } from '../../http/envelope.ts';

/** A holiday is a day or a long weekend; a longer stop is a decision for the desk, not a schedule. */
export const MAX_CLOSURE_DAYS = 14;
/** Next year's calendar, not further. */
export const MAX_AHEAD_DAYS = 366;
/** What the specification sheet lists. */
export const SHOWN_AHEAD_DAYS = 30;

/** UTC only: a time without its zone, or in another, is too easily a closure an hour off. */
const UTC_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:Z|\+00:00)$/;

/** ms epoch, or null for anything but a real UTC time ("2026-02-30T00:00Z" is refused, not moved to March). */
export function parseUtcTime(raw: string): number | null {
  const m = UTC_TIME.exec(raw.trim());
  if (!m) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, Number((m[7] ?? '0').padEnd(3, '0')));
  // Date.UTC moves an impossible day or hour on (and a two-digit year to the 1900s): then it reads back otherwise.
  const same = new Date(ms).toISOString().startsWith(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}`);
  return same ? ms : null;
}

function timeArg(raw: string | undefined, flag: string): number {
  if (raw === undefined || raw.trim() === '') throw new ApiError('field_required', undefined, { field: flag });
  const ms = parseUtcTime(raw);
  if (ms === null) throw new ApiError('closures.errors.time_bad', undefined, { flag });
  return ms;
}

export function closureWindow(
  rawFrom: string | undefined,
  rawTo: string | undefined,
  now: number,
): { from: number; to: number } {
  const from = timeArg(rawFrom, 'from');
  const to = timeArg(rawTo, 'to');
  if (to <= from) throw new ApiError('closures.errors.to_before_from');
  if (from < now) throw new ApiError('closures.errors.from_past');
  if (to - from > MAX_CLOSURE_DAYS * DAY_MS)
    throw new ApiError('closures.errors.too_long', undefined, { days: MAX_CLOSURE_DAYS });
  if (from - now > MAX_AHEAD_DAYS * DAY_MS)
    throw new ApiError('closures.errors.too_far', undefined, { days: MAX_AHEAD_DAYS });
  return { from, to };
}
