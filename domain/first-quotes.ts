// Quotes in the served HTML, read before any module runs (docs/client.md "The live price in the first HTML").
import type { RiskWarning } from './retail.ts';
import type { QuoteTuple } from './ws-protocol.ts';

export const FIRST_QUOTES_ID = 'tw-now';

export interface FirstQuotes {
  t: number; // the server's clock: a quote's age is measured against it, not the phone's clock
  q: QuoteTuple[];
  w?: RiskWarning; // so the warning's text is in the first frame, not pushing the page down when it comes
}

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c', // "</script>" and "<!--" cannot end or change the block
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028', // valid in JSON, a line end to older script parsers
  '\u2029': '\\u2029',
};

/** JSON.parse reads the escapes back. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => ESCAPES[c] ?? c);
}
