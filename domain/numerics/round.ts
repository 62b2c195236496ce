// Rounding of integers and decimal text, the one rule: half away from zero (decimal.js ROUND_HALF_UP). One function
// per representation — decimal text, BigInt and safe-integer ratios — so the worker's BigInt P&L, the market list's
// string arithmetic, the engine's tick path and the simulator's percent change cannot drift apart. A decimal.js value
// rounds with halfUp / roundDown beside its type (domain/decimal.ts). No imports: the first screen's bundle
// needs no decimal.js.

const ZERO = 48; // '0'
const FIVE = 53; // '5'

/** Adds one unit in the last place of a string of digits ("0999" → "1000", "99" → "100"). */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === ZERO + 9) i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * Decimal `text` with exactly `places` decimals, half away from zero, in string arithmetic, e.g. ('1.005', 2) →
 * '1.01'; never "-0.00". The caller checks isDecimalText first (any length of plain decimal digits is fine).
 */
export function roundText(text: string, places: number): string {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot + 1);
  // The digits kept, as one integer string, then rounded on the first dropped digit (half-up on the magnitude).
  let kept = `${int}${frac.slice(0, places).padEnd(places, '0')}`;
  if (frac.length > places && frac.charCodeAt(places) >= FIVE) kept = incremented(kept);
  const intPart = kept.slice(0, kept.length - places).replace(/^0+(?=\d)/, '') || '0';
  const out = places > 0 ? `${intPart}.${kept.slice(kept.length - places)}` : intPart;
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

/** a / b rounded half away from zero (b ≠ 0), in BigInt. */
export function divRound(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  let q = x / y;
  if ((x % y) * 2n >= y) q += 1n;
  return negative ? -q : q;
}

/**
 * a / b rounded half away from zero, for safe integers (b ≠ 0), never -0: the engine's tick path and the simulator's
 * percent change. Exact: `%` of two safe integers is exact and (|a| − r) / |b| is an exact integer quotient, so no
 * float ratio is ever rounded (2r stays below 2^54, where doubles still hold every even integer).
 */
export function divRoundInt(a: number, b: number): number {
  const x = Math.abs(a);
  const y = Math.abs(b);
  const r = x % y;
  const q = (x - r) / y + (r * 2 >= y ? 1 : 0);
  return q === 0 ? 0 : a < 0 !== b < 0 ? -q : q;
}
