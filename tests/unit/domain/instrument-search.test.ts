// @vitest-environment happy-dom
// Search knew only ticker codes. The one rule (domain/instrument-search.ts) matches the code,
// the display code and the instrument's common name in the app's language or English; the side sheet's quick filter
// uses it with the app's translator.
import { beforeAll, describe, expect, it } from 'vitest';
import { matchesInstrument, searchKey } from '../../../domain/instrument-search.ts';
import { i18n, initI18n, setLanguage } from '../../../src/i18n/index.ts';
import { matchesSearch } from '../../../src/pages/trade/instrument-sheet.tsx';
import { listed } from '../../fixtures/instruments.ts';

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

describe('searchKey and matchesInstrument', () => {
  it('ignores case, accents, spaces and punctuation in any script', () => {
    expect(searchKey('EUR/USD')).toBe('eurusd');
    expect(searchKey(' Rohöl WTI ')).toBe('roholwti');
    expect(searchKey('天然氣')).toBe('天然氣');
    const gold = { code: 'XAUUSD', showCode: 'XAU/USD', names: ['Gold', '黃金'] };
    for (const q of ['gold', 'GOLD', '黃金', 'xau', 'xau/usd', 'XAU USD', ''])
      expect(matchesInstrument(gold, q), q).toBe(true);
    for (const q of ['silver', 'btc', '白銀']) expect(matchesInstrument(gold, q), q).toBe(false);
  });
});

describe('the side sheet’s quick filter', () => {
  const all = [
    listed('XAUUSD', 14),
    listed('XAGUSD', 15),
    listed('BTCUSDT', 17),
    listed('USOIL', 27),
    listed('UKOIL', 28),
    listed('EURUSD', 1),
  ];
  const find = (q: string): string[] => {
    const en = i18n.getFixedT('en');
    return all.filter((i) => matchesSearch(i, q, i18n.t, en)).map((i) => i.Code);
  };

  it('finds gold, silver, oil and bitcoin by name in English', async () => {
    await setLanguage('en');
    expect(find('gold')).toEqual(['XAUUSD']);
    expect(find('silver')).toEqual(['XAGUSD']);
    expect(find('oil')).toEqual(['USOIL', 'UKOIL']);
    expect(find('bitcoin')).toEqual(['BTCUSDT']);
    expect(find('euro')).toEqual(['EURUSD']);
  });

  it('finds them by the name in the user’s language too', async () => {
    await setLanguage('hk');
    expect(find('黃金')).toEqual(['XAUUSD']);
    expect(find('比特幣')).toEqual(['BTCUSDT']);
    await setLanguage('fr');
    expect(find('argent')).toEqual(['XAGUSD']);
    expect(find('pétrole')).toEqual(['USOIL', 'UKOIL']);
    expect(find('gold')).toEqual(['XAUUSD']);
    await setLanguage('en');
  });
});
