// Rules that were once stated twice and drifted (a decimal pattern without the digit cap, two back-offs, two
// long-press timings…) now each have one source; these checks fail when a literal copy of one comes back anywhere in
// the code (src/, domain/, workers/, server/, scripts/, the build configs). Each rule names its one file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const CODE = /\.(ts|tsx|js|mjs)$/;

const files: readonly string[] = [
  ...['src', 'domain', 'workers', 'server', 'scripts', 'public'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => CODE.test(f))
      .map((f) => relative(ROOT, join(ROOT, dir, f))),
  ),
  'vite.config.ts',
  'vitest.config.ts',
  'eslint.config.js',
];
const text = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

/** The files whose text matches `re`. */
const holders = (re: RegExp): string[] => files.filter((f) => re.test(text.get(f) ?? ''));

interface Rule {
  name: string;
  /** The literal a copy of the rule would carry. */
  copy: RegExp;
  /** The files allowed to hold it (the one source, and a file that only names it in words). */
  home: readonly string[];
  /** Text the pattern must find (so a check that matches nothing does not pass by accident). */
  sample: string;
  /** Other forms of a copy it must find too. */
  more?: readonly string[];
  /** Text that is no copy, which it must leave alone. */
  fine?: readonly string[];
}

const RULES: readonly Rule[] = [
  {
    name: 'the decimal-text pattern',
    // \d+(\.\d+)? or \d{1,N}(\.\d{1,M})? with any caps and sign, as a RegExp literal or as JSON-schema string text
    // (a bounded setting or argument takes decimalRe's shape: domain/numerics/decimal-pattern.ts)
    copy: /\\{1,2}d(\+|\{1,\d+\})\(\\{1,2}\.\\{1,2}d(\+|\{1,\d+\})\)\?/,
    home: [],
    sample: String.raw`const DECIMAL = /^-?\d+(\.\d+)?$/; pattern: '^-?\\d{1,30}(\\.\\d{1,30})?$'`,
    more: [String.raw`const RATE = /^[+-]?\d{1,9}(\.\d{1,8})?$/;`, String.raw`!/^\d{1,3}(\.\d{1,4})?$/.test(spike)`],
    fine: [
      String.raw`const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;`,
      "const RATE = decimalRe({ whole: 9, places: 8, sign: 'either' });",
    ],
  },
  {
    name: 'the jittered back-off',
    // base × 2^attempt: the exponential's text
    copy: /\* 2 \*\* /,
    home: ['domain/backoff.ts'],
    sample: 'opts.baseMs * 2 ** Math.min(attempt, 30)',
  },
  {
    name: 'the QR code options',
    copy: /errorCorrectionLevel|from 'qrcode'|import\('qrcode'\)/,
    home: ['src/components/text/qr-image.ts'],
    sample: "import QRCode from 'qrcode'; { width: 160, margin: 1, errorCorrectionLevel: 'M' }",
  },
  {
    name: 'the long-press hold and tolerance',
    // a hold or slop constant of its own (LONG_PRESS_MS = 550, HOLD_MS = 550, PRESS_SLOP_PX = 8, SLOP_PX = 10), or the
    // plain numbers used as a press rule: a hold of 500/550 ms beside a move tolerance of 8/10 px, as a call's
    // arguments, an object's fields, or a timer and a distance test in one file
    // (a drag's threshold, DRAG_SLOP_PX, and the first paint's 150 ms wait are other rules)
    copy: new RegExp(
      [
        String.raw`(?<![A-Z_])(LONG_PRESS_MS|LONG_PRESS_SLOP_PX|PRESS_SLOP_PX|SLOP_PX)\s*=\s*\d|HOLD_MS\s*=\s*[4-6]\d\d\b`,
        String.raw`\b\w*[Pp]ress\w*\([^()]*\b5[05]0\s*,\s*(?:8|10)\b`,
        String.raw`\b\w*(?:hold|press|delay)\w*\s*[:=]\s*5[05]0\b[^;]{0,120}?\b\w*(?:slop|tolerance|move|distance)\w*\s*[:=]\s*(?:8|10)\b`,
        String.raw`^(?=[\s\S]*setTimeout)(?=[\s\S]*,\s*5[05]0\s*\))(?=[\s\S]*Math\.(?:hypot|abs)\([^;]*\)\s*[<>]=?\s*(?:8|10)\b)`,
      ].join('|'),
      'i',
    ),
    home: ['src/components/hooks/long-press-rule.ts'],
    sample: 'export const HOLD_MS = 550;',
    more: [
      'useLongPress(row, 550, 8);',
      'const press = { holdMs: 500, slopPx: 10 };',
      'timer = setTimeout(open, 550);\n…\nif (Math.hypot(dx, dy) > 8) cancel();',
      'hold = timers.setTimeout(() => {\n  edit(line);\n}, 500);\n…\nif (Math.hypot(e.clientX - x, e.clientY - y) > 10) end();',
    ],
    fine: [
      'timer = setTimeout(save, 500); // a debounce, no press',
      's.timer = timers.setTimeout(act, LONG_PRESS_MS);\nif (Math.hypot(dx, dy) > LONG_PRESS_SLOP_PX) stop();',
      'if (!d.moved && Math.abs(dy) < DRAG_SLOP_PX) return;',
    ],
  },
  {
    name: 'the idempotency header and key',
    copy: /['"`]idempotency-key['"`]|A-Za-z0-9_-\]\{1,100\}/,
    home: ['domain/idempotency.ts'],
    sample: "export const IDEMPOTENCY_HEADER = 'idempotency-key'; const KEY_RE = /^[A-Za-z0-9_-]{1,100}$/;",
  },
  {
    name: 'the stored-quotes and instrument-list keys',
    copy: /['"]tw\.(quotes|trade_list)['"]/, // (a comment may name one in backticks)
    home: ['domain/stored-keys.ts'],
    sample: "export const QUOTES_KEY = 'tw.quotes';",
  },
  {
    name: 'the API path prefixes',
    // a list of its own: '/v1/' as a string or /^\/v1\// as a RegExp (the not-found page, no-store, the service
    // worker and the dev proxy each had one, and they disagreed on /uploads/)
    copy: /['"`]\/v1\/['"`]|\/\^\\\/v1\\\/\//,
    home: ['domain/api-paths.ts'],
    sample: String.raw`[/^\/api\//, /^\/v1\//]`,
  },
  {
    name: 'the length of a day (and the fund day default)',
    // 86_400_000, 86400000 or 24 * 60 * 60 * 1000 in ms (a day in seconds, 86_400, is the bars' and cookies' unit)
    copy: /\b86_?400_?000\b|24 \* 60 \* 60 \* 1000\b|24 \* 3_?600_?000\b/,
    home: ['domain/time.ts'],
    sample: 'const DAY_MS = 24 * 60 * 60 * 1000; const d = 86_400_000;',
  },
  {
    name: 'the code resend wait',
    copy: /RESEND\w*\s*=\s*\d/,
    home: ['domain/code-resend.ts'],
    sample: 'export const RESEND_AFTER_MS = 60 * 1000; export const RESEND_SECONDS = 60;',
  },
  {
    name: 'the news HTML allow-list and its URL schemes',
    // a tag list of its own (the rarer tags of it, quoted), a per-tag scheme table, or a URL pattern of the schemes
    // (the server's sanitize-html options and the app's DOMPurify hook each had one, and they disagreed on http: images)
    copy: /['"`](figcaption|tfoot)['"`]|allowedSchemesByTag:\s*\{|https\?:\|mailto:/,
    home: ['domain/news-html.ts'],
    sample: String.raw`const ALLOWED_TAGS = ['figure', 'figcaption']; const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/))/i;`,
  },
];

describe('each rule has one source', () => {
  it.each(RULES)('$name has no copy outside its home', (rule) => {
    for (const copy of [rule.sample, ...(rule.more ?? [])]) expect(copy).toMatch(rule.copy);
    for (const text of rule.fine ?? []) expect(text).not.toMatch(rule.copy);
    expect(holders(rule.copy).filter((f) => !rule.home.includes(f))).toEqual([]);
  });
});
