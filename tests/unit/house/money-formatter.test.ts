// One formatter per kind of figure on screen (docs/client.md "Money on screen"): the screens (src/pages,
// src/components, src/wide) write a money figure through formatMoney and a P&L through formatPnl
// (src/i18n/format.ts: separators, the currency's 2 decimals, the sign), never through the wire's money text
// (domain/format/money-text.ts moneyText: six decimals, no separators — "−1110.070000" beside "100,597.29"), and never
// round one themselves with toFixed (the lint rule no-restricted-properties says so for the whole app).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCREENS = ['src/pages', 'src/components', 'src/wide'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('money on screen', () => {
  it('is written by formatMoney / formatPnl only: no screen calls the wire money text', () => {
    const calls = SCREENS.flatMap((d) => files(join(ROOT, d)))
      .filter((f) => /\b(?:moneyText|exactMoneyText)\s*\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(calls).toEqual([]);
  });
});
