// "Buy low" read as a limit-buy instruction, not a sell. The sides use the words traders use in
// each language (English: Buy / Sell, long / short where it helps), on buttons, rows, toasts, errors and the CSV's
// Direction column (all from these keys); the Chinese texts keep 買漲 / 買跌.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../domain/types.ts';

type Tree = { [key: string]: string | Tree };
const load = (lang: string): Tree =>
  JSON.parse(readFileSync(resolve(__dirname, '../../../locales', `${lang}.json`), 'utf8')) as Tree;
const texts = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));
const at = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((n, k) => (n as Tree | undefined)?.[k], tree);

describe('the words for the two sides', () => {
  it('English says Buy / Sell, never "buy up" or "buy low"', () => {
    const en = load('en');
    expect(at(en, 'trade.buy_up')).toBe('Buy');
    expect(at(en, 'trade.buy_low')).toBe('Sell');
    expect(texts(en).filter((t) => /buy (up|low)/i.test(t))).toEqual([]);
  });

  it('Chinese keeps 買漲 / 買跌', () => {
    const hk = load('hk');
    expect(at(hk, 'trade.buy_up')).toBe('買漲');
    expect(at(hk, 'trade.buy_low')).toBe('買跌');
  });

  it('every other language names the sides with its buy and sell words, two different ones', () => {
    for (const lang of LANGUAGES) {
      const tree = load(lang);
      const buy = at(tree, 'trade.buy_up');
      const sell = at(tree, 'trade.buy_low');
      expect(typeof buy === 'string' && buy.length > 0, lang).toBe(true);
      expect(buy, lang).not.toBe(sell);
    }
  });
});
