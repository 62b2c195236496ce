// One path from a quote to its text (docs/architecture.md "From a quote to the screen"): domain/quote-text.ts is the
// only place a quote's price and change become text; the feed, the snapshot rows and the inline first paint call it,
// and a price reaches a node only through LiveText (React) or the inline paint (src/boot/), which write that text.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quoteText } from '../../../domain/quote-text.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => relative(ROOT, join(ROOT, dir, f)));
}

/** Where a quote is turned into text and written: the feed, the client's state, the inline first paint. */
const QUOTE_PATH = [...files('workers'), ...files('src/state'), ...files('src/boot')];
const FORMATTER = /from '[./]*domain\/format\/(price|percent)\.ts'/;
/** A text written into a node outside React's render. */
const DOM_TEXT = /\.(textContent|nodeValue|data)\s*=(?!=)|\.innerText\s*=(?!=)/;

describe('a quote becomes text in one place', () => {
  it('the quote path imports no price or percent formatter: it calls domain/quote-text.ts', () => {
    expect(QUOTE_PATH.length).toBeGreaterThan(20);
    expect(QUOTE_PATH.filter((f) => FORMATTER.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('only LiveText and the inline first paint write a price into a node', () => {
    const writers = [...files('src'), ...files('workers')].filter((f) =>
      DOM_TEXT.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    // The chart's indicator legend writes its own figures (indicator values, not quotes).
    expect(writers.sort()).toEqual([
      'src/boot/first-paint.ts',
      'src/chart/indicator-panes.ts',
      'src/components/text/live-text.tsx',
    ]);
  });

  it('gives the price at its precision, the signed change and the colour of the change as shown', () => {
    expect(quoteText('1.083215', '0.351', 5)).toEqual({ price: '1.08322', change: '+0.35%', dir: 'up' });
    expect(quoteText('2650.1', '-0.004', 2)).toEqual({ price: '2650.10', change: '0.00%', dir: 'flat' });
    expect(quoteText(undefined, undefined, 2)).toEqual({ price: '', change: '', dir: 'flat' });
  });
});
