// Half away from zero for every representation, so no path drifts; no imports: the first screen needs no decimal.js.

const ZERO = 48; // '0'
const FIVE = 53; // '5'

function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === ZERO + 9) i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/** String arithmetic, so any length of plain decimal digits rounds exactly; never "-0.00". */
export function roundText(text: string, places: number): string {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot + 1);
  let kept = `${int}${frac.slice(0, places).padEnd(places, '0')}`;
  if (frac.length > places && frac.charCodeAt(places) >= FIVE) kept = incremented(kept);
  const intPart = kept.slice(0, kept.length - places).replace(/^0+(?=\d)/, '') || '0';
  const out = places > 0 ? `${intPart}.${kept.slice(kept.length - places)}` : intPart;
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

/** A '+' before a figure above zero, as a P&L or a change reads; one that rounds to zero stays bare. */
export const plusSigned = (text: string): string => (!text.startsWith('-') && /[1-9]/.test(text) ? `+${text}` : text);

export function divRound(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  let q = x / y;
  if ((x % y) * 2n >= y) q += 1n;
  return negative ? -q : q;
}

/** Exact: `%` of safe integers is exact and 2r stays below 2^54, so no float ratio is ever rounded; never -0. */
export function divRoundInt(a: number, b: number): number {
  const x = Math.abs(a);
  const y = Math.abs(b);
  const r = x % y;
  const q = (x - r) / y + (r * 2 >= y ? 1 : 0);
  return q === 0 ? 0 : a < 0 !== b < 0 ? -q : q;
}
