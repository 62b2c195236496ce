// A date keeps its language's own direction (components/text/date-text.tsx): Arabic's formatter writes right-to-left
// marks between day, month and year, and a run forced left to right (the .num figure class) showed "25/11/2026، 05:00"
// as "1805:00:00 ،2026/11/". The date is an isolated run whose direction comes from its text, and no page wraps a
// formatted date in a figure.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { DateText } from '../../../../../src/components/text/date-text.tsx';
import { setLanguage } from '../../../../../src/i18n/index.ts';

const SRC = resolve(__dirname, '../../../../../src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.tsx') ? [p] : [];
  });

describe('DateText', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('renders an isolated run with its own direction, never the left-to-right figure class', async () => {
    await setLanguage('ar');
    const html = renderToStaticMarkup(<DateText value="2026-11-18 05:00:00" />);
    expect(html).toMatch(/^<bdi dir="auto" class="date-text">/);
    expect(html).not.toContain('class="num');
    // The Arabic text keeps the formatter's right-to-left marks, which lay it out right in an auto-direction run.
    expect(html).toContain('\u200f');
  });

  it('shows the wire text as given when it cannot be read', () => {
    expect(renderToStaticMarkup(<DateText value="not a time" />)).toContain('>not a time<');
  });
});

describe('formatted dates in the pages', () => {
  it('are never wrapped in a left-to-right figure (<Num>)', () => {
    const wrapped = files(SRC).flatMap((f) =>
      /<Num\b[^>]*>\s*\{`?\$?\{?\s*format(Date|AsOf)\(/.test(readFileSync(f, 'utf8')) ? [relative(SRC, f)] : [],
    );
    expect(wrapped).toEqual([]);
  });
});
