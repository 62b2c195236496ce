// The server's current quotes written into the HTML it serves (docs/client.md "The live price in the first HTML"):
// one JSON block the page's inline script reads before any module script runs. Shared by the server, which writes
// it (server/http/first-html.ts), and index.html's inline paint, which reads it (src/boot/first-paint.ts).
import type { QuoteTuple } from './ws-protocol.ts';

/** The id of the `<script type="application/json">` block that carries the snapshot. */
export const FIRST_QUOTES_ID = 'tw-now';

/** The snapshot: the server's time when it wrote the page, and each quote as the socket sends it. */
export interface FirstQuotes {
  t: number; // ms epoch, the server's clock: a quote's age is measured against it, not the phone's clock
  q: QuoteTuple[];
}

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c', // "</script>" and "<!--" cannot end or change the block
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028', // line and paragraph separators: valid in JSON, a line end to older script parsers
  '\u2029': '\\u2029',
};

/** JSON that can stand inside a `<script>` element and parses back to `value` (JSON.parse reads the escapes). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => ESCAPES[c] ?? c);
}
