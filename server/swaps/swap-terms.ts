// The `swap-set` command; unset parameters keep their stored value or the defaults.
import { decimalRe } from '../../domain/numerics/decimal-pattern.ts';
import { DEFAULT_SWAP_SCHEDULE, parseRolloverTime, validTimeZone, type SwapMode } from '../../domain/swap.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { instrumentForDesk, recordDeskChange } from '../market/price-desk/desk-config.ts';
import { saveSwapTerms, swapTermsList, type SwapTermsRow } from './swap-repository.ts';

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** Signed: a credit or a charge. */
const RATE = decimalRe({ whole: 9, places: 8, sign: 'either' });

export interface SwapTermsInput {
  code?: string;
  long?: string;
  short?: string;
  mode?: string;
  time?: string;
  zone?: string;
  triple?: string;
  by: string;
}

const bad = (field: string): ApiError => new ApiError('field_invalid', undefined, { field });

function rateArg(raw: string | undefined, field: string, fallback: string): string {
  if (raw === undefined || raw === '') return fallback;
  if (!RATE.test(raw)) throw bad(field);
  return raw.replace(/^\+/, '');
}

export async function setSwapTerms(db: Db, input: SwapTermsInput, now: number): Promise<SwapTermsRow> {
  const inst = await instrumentForDesk(db, input.code ?? '');
  if (!inst) throw bad('code');
  const before = (await swapTermsList(db)).find((t) => t.instrumentId === inst.id);
  const mode = (input.mode || before?.mode || 'points') as SwapMode;
  if (mode !== 'points' && mode !== 'percent') throw bad('mode');
  const time = input.time || before?.rolloverTime || DEFAULT_SWAP_SCHEDULE.rolloverTime;
  if (!parseRolloverTime(time)) throw bad('time');
  const zone = input.zone || before?.timeZone || DEFAULT_SWAP_SCHEDULE.timeZone;
  if (!validTimeZone(zone)) throw bad('zone');
  let tripleDay = before?.tripleDay ?? DEFAULT_SWAP_SCHEDULE.tripleDay;
  if (input.triple) {
    tripleDay = DAYS.indexOf(input.triple.toLowerCase().slice(0, 3));
    if (tripleDay < 0) throw bad('triple');
  }
  const terms: SwapTermsRow = {
    instrumentId: inst.id,
    code: input.code ?? '',
    longRate: rateArg(input.long, 'long', before?.longRate ?? '0'),
    shortRate: rateArg(input.short, 'short', before?.shortRate ?? '0'),
    mode,
    rolloverTime: time,
    timeZone: zone,
    tripleDay,
    updatedAt: now,
    updatedBy: input.by,
  };
  const detail = `${terms.code} long ${terms.longRate} short ${terms.shortRate} ${mode} at ${time} ${zone}, triple ${DAYS[tripleDay]}`;
  await db.tx(async (q) => {
    await saveSwapTerms(q, terms);
    await recordDeskChange(q, now, input.by, 'swap-set', detail);
  });
  return terms;
}
