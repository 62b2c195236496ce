// The statement's date range as UTC days, since the records' and orders' times are UTC.
import { ApiError } from '../http/envelope.ts';
import { DAY_MS } from '../../domain/time.ts';

export const STATEMENT_MAX_DAYS = 366;
/** This module checks that the day is a real one. */
export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export interface DayRange {
  from: string;
  to: string;
  /** The start of `from` (inclusive) and of the day after `to` (exclusive). */
  startMs: number;
  endMs: number;
}

function dayStart(day: string, field: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  // Date.UTC rolls 2026-02-30 into March: a day that does not survive the round trip does not exist.
  if (new Date(ms).toISOString().slice(0, 10) !== day)
    throw new ApiError('statement.errors.day_invalid', undefined, { field });
  return ms;
}

export function dayRange(from: string, to: string): DayRange {
  const startMs = dayStart(from, 'from');
  const toMs = dayStart(to, 'to');
  if (startMs > toMs) throw new ApiError('statement.errors.range_order');
  const days = (toMs - startMs) / DAY_MS + 1;
  if (days > STATEMENT_MAX_DAYS)
    throw new ApiError('statement.errors.range_too_long', undefined, { max: STATEMENT_MAX_DAYS });
  return { from, to, startMs, endMs: toMs + DAY_MS };
}
