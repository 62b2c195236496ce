// Intl only localises digits and grouping: money is rounded exactly first by domain/format/money-text.ts.
import { isDecimalText, numberText } from '../../domain/decimal-text.ts';
import { moneyText, NO_VALUE } from '../../domain/format/money-text.ts';
import { percentText, type PercentTextOptions } from '../../domain/format/percent.ts';
import { PERCENT_PLACES } from '../../domain/numerics/places.ts';
import { DATE_TIME_OPTIONS, parseWireTime } from '../../domain/wire-time.ts';
import { computed } from '@preact/signals-react';
import { $lang } from './lang-signal.ts';
import { asOfOptions } from '../../domain/as-of.ts';
import { languageInfo } from './languages.ts';

// Intl.NumberFormat v3 formats a decimal string exactly (no float round trip); the ES2022 lib types lack it.
type ExactFormat = (value: number | string) => string;

const formats = new Map<string, unknown>();

// A computed, not languageInfo per call: money on /trade is formatted several times a tick.
const $locale = computed(() => languageInfo($lang.value).bcp47, { name: 'format.$locale' });

/** A formatter is costly to make: each is made once per kind, language and `id` (the options' JSON unless given). */
function intl<O, F>(Make: new (locale: string, options: O) => F, options: O, id = JSON.stringify(options)): F {
  const key = `${Make.name}|${$locale.value}|${id}`;
  let f = formats.get(key) as F | undefined;
  if (!f) formats.set(key, (f = new Make($locale.value, options)));
  return f;
}

export function formatNumber(value: number | string, options: Intl.NumberFormatOptions = {}): string {
  if (typeof value === 'string' && !isDecimalText(value)) return value;
  const nf = intl(Intl.NumberFormat, { maximumFractionDigits: 20, ...options });
  return (nf.format as ExactFormat).call(nf, value);
}

export interface FormatMoneyOptions {
  /** Half-up; 2 by default (docs/contract.md §9 shows balances with 2). */
  places?: number;
  /** Without it, a missing amount shows NO_VALUE ('--') and malformed text shows as it is. */
  missing?: string;
}

/** moneyText's exact rounding to `places`, then Intl ('10,844,100.00'). */
export function formatMoney(value: string | number | null | undefined, opts: FormatMoneyOptions = {}): string {
  const places = opts.places ?? 2;
  const text =
    typeof value === 'number'
      ? numberText(value, places)
      : moneyText(value, { places, missing: opts.missing ?? (typeof value === 'string' ? value : NO_VALUE) });
  if (!isDecimalText(text)) return text;
  // Keyed by places, not options' JSON: margin, fee and equity are formatted on every quote on /trade.
  const nf = intl(Intl.NumberFormat, { minimumFractionDigits: places, maximumFractionDigits: places }, `m${places}`);
  return (nf.format as ExactFormat).call(nf, text);
}

/** percentText's exact rounding, then the language's grouping, as money has: a risk rate reads '184,362.18%'. */
export function formatPercent(value: string | null | undefined, opts: PercentTextOptions = {}): string {
  const text = percentText(value, opts);
  const m = /^([+-]?)(\d+\.\d+)%$/.exec(text);
  return m ? `${m[1]}${formatMoney(m[2], { places: PERCENT_PLACES })}%` : text;
}

/** The one P&L formatter: a '+' when above zero. */
export function formatPnl(value: string | number | null | undefined, opts: FormatMoneyOptions = {}): string {
  const text = formatMoney(value, opts);
  // The sign is read from the rounded figure, so +0.00 never shows.
  const plain = typeof value === 'number' ? numberText(value, opts.places ?? 2) : value;
  const above = moneyText(plain, { places: opts.places ?? 2, signed: true }).startsWith('+');
  return above ? `+${text}` : text;
}

/** In DATE_TIME_OPTIONS, the app's one format; a wire time is "YYYY-MM-DD HH:mm:ss" UTC or ISO; else ''. */
export function formatDate(
  value: number | string | Date,
  options: Readonly<Intl.DateTimeFormatOptions> = DATE_TIME_OPTIONS,
): string {
  const ms = parseWireTime(value);
  if (ms === null) return '';
  return intl(Intl.DateTimeFormat, options).format(new Date(ms));
}

/** "14:02" today, "Nov 22" from another day (short: it fits a row); '' for none. */
export function formatAsOf(ms: number, now: number): string {
  if (!(ms > 0)) return '';
  return formatDate(ms, asOfOptions(ms, now));
}

/** The first Intl formatter initialises ICU: start.ts calls this in its own task so that cost is not in a render. */
export function warmFormats(now: number): void {
  formatNumber(0);
  formatMoney(0);
  formatAsOf(now, now);
}
