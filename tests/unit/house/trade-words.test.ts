// "Buy low" read as a limit-buy instruction, not a sell. The sides use the words traders use in
// each language (English: Buy / Sell, long / short where it helps), on buttons, rows, toasts, errors and the CSV's
// Direction column (all from these keys); the Chinese texts keep 買漲 / 買跌. And one word for the take profit in each
// language, wherever it is named ("Stop profit" on the form beside "Take profit" on the chart).
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

/** Every text that names the take profit (the wire's target_profit_price; the keys keep their old stop_profit names). */
const TAKE_PROFIT_KEYS = [
  'trade.stop_profit',
  'trade.pnl_at_stop_profit',
  'trade.stop_profit_required',
  'orders.reason_stop_profit',
  'orders.edit_stops',
  'orders.stops_saved',
  'errors.stop_price_invalid',
  'errors.stop_price_far',
  'errors.stop_profit_above',
  'errors.stop_profit_below',
  'chart_lines.tp_name',
  'chart_lines.move_tp',
];
const plain = (text: string): string => text.toLocaleLowerCase().replace(/-/g, ' ');

describe('one word for the take profit (docs/glossary.md)', () => {
  it('English says "take profit", never "stop profit"', () => {
    const en = load('en');
    expect(at(en, 'trade.stop_profit')).toBe('Take profit');
    expect(texts(en).filter((t) => /stop[ -]profit/i.test(t))).toEqual([]);
  });

  it('every language names it with the order form’s word wherever it is named: form, sheet, chart, errors', () => {
    for (const lang of LANGUAGES) {
      const tree = load(lang);
      const word = plain(String(at(tree, 'trade.stop_profit')));
      const other = TAKE_PROFIT_KEYS.filter((key) => !plain(String(at(tree, key))).includes(word));
      expect(other, `${lang}: "${word}"`).toEqual([]);
    }
  });
});
