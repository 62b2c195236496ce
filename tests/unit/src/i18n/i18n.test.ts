// Language choice (cookie wins, tw → hk, default hk), <html lang/dir>, lazy bundles with English fallback, Intl.
import { beforeEach, describe, expect, it } from 'vitest';
import { get, set } from 'idb-keyval';
import {
  $lang,
  LANG_STORE_KEY,
  LANGUAGE_LIST,
  detectLanguage,
  formatDate,
  formatMoney,
  formatNumber,
  i18n,
  initI18n,
  normaliseLanguage,
  setLanguage,
} from '../../../../src/i18n/index.ts';
import { readCookie } from '../../../../src/i18n/cookie.ts';
import { formatPercent } from '../../../../src/i18n/format.ts';
import { chartOptions, type ChartColours } from '../../../../src/chart/chart-theme.ts';
import type { UTCTimestamp } from 'lightweight-charts';

function clearCookie(): void {
  document.cookie = 'lang=; path=/; max-age=0';
}

beforeEach(async () => {
  clearCookie();
  await set(LANG_STORE_KEY, undefined);
});

describe('detectLanguage', () => {
  it('a supported code in the cookie wins over the stored choice', () => {
    expect(detectLanguage('a=1; lang=fr; b=2', 'de')).toBe('fr');
  });

  it('tw in the cookie is served in traditional Chinese (hk)', () => {
    expect(detectLanguage('lang=tw', 'en')).toBe('hk');
    expect(normaliseLanguage('TW')).toBe('hk');
  });

  it('an unsupported cookie falls back to the stored choice, then to hk', () => {
    expect(detectLanguage('lang=xx', 'kr')).toBe('kr');
    expect(detectLanguage('lang=xx', 'nope')).toBe('hk');
    expect(detectLanguage('', null)).toBe('hk');
  });

  it('offers all 18 languages, each by its native name', () => {
    expect(LANGUAGE_LIST.map((l) => l.code)).toEqual([
      'hk',
      'en',
      'jp',
      'kr',
      'th',
      'vn',
      'fr',
      'de',
      'ru',
      'spa',
      'pt',
      'ar',
      'it',
      'tr',
      'id',
      'my',
      'hi',
      'cs',
    ]);
    expect(LANGUAGE_LIST.find((l) => l.code === 'ar')?.native).toBe('العربية');
    expect(new Set(LANGUAGE_LIST.map((l) => l.native)).size).toBe(18);
  });
});

describe('initI18n and setLanguage', () => {
  it('the cookie decides at start; Arabic turns the document right-to-left', async () => {
    await set(LANG_STORE_KEY, 'de');
    expect(await initI18n({ cookies: 'lang=ar' })).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect($lang.value).toBe('ar');
  });

  it('tw → hk at start: traditional Chinese texts, left-to-right', async () => {
    expect(await initI18n({ cookies: 'lang=tw' })).toBe('hk');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('zh-Hant-HK');
    expect(i18n.t('errors.password_required')).toBe('請輸入密碼');
  });

  it('without a cookie the stored choice is used, and without either traditional Chinese', async () => {
    await set(LANG_STORE_KEY, 'en');
    expect(await initI18n({ cookies: '' })).toBe('en');
    expect(i18n.t('errors.password_required')).toBe('Please enter your password');
    await set(LANG_STORE_KEY, undefined);
    expect(await initI18n({ cookies: '' })).toBe('hk');
  });

  it('a key missing in the chosen language falls back to English', async () => {
    await initI18n({ cookies: 'lang=en' });
    i18n.addResource('en', 'translation', 'test_only.fallback_probe', 'English probe');
    await setLanguage('jp');
    expect(i18n.language).toBe('jp');
    expect(i18n.t('test_only.fallback_probe')).toBe('English probe');
  });

  it('setLanguage remembers the choice in the cookie and in idb', async () => {
    await initI18n({ cookies: '' });
    await setLanguage('fr');
    expect(readCookie(document.cookie, 'lang')).toBe('fr');
    expect(await get(LANG_STORE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe('Intl helpers follow the language', () => {
  it('formats numbers, money text exactly, and dates', async () => {
    await setLanguage('de');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatMoney('100000.005', { places: 2 })).toBe('100.000,01'); // half-up on the exact decimal, no float
    expect(formatMoney('0.1')).toBe('0,10');
    await setLanguage('en');
    expect(formatMoney('12345678901234567.125', { places: 2 })).toBe('12,345,678,901,234,567.13');
    expect(
      formatDate(Date.UTC(2024, 0, 31, 12), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
    ).toBe('January 31, 2024');
    expect(formatNumber('not a number')).toBe('not a number');
  });

  it('groups a percent as money is grouped: a risk rate in the thousands reads whole', async () => {
    await setLanguage('en');
    expect(formatPercent('1843.6218', { ratio: true })).toBe('184,362.18%');
    expect(formatPercent('1000.00')).toBe('1,000.00%');
    expect(formatPercent('-0.0125', { ratio: true, signed: true })).toBe('-1.25%');
    expect(formatPercent('0.0125', { ratio: true, signed: true })).toBe('+1.25%');
    expect(formatPercent(undefined, { missing: '--' })).toBe('--');
    await setLanguage('de');
    expect(formatPercent('1000')).toBe('1.000,00%');
  });

  it('shows every date and time one way per language, whatever form the wire sent (two formats)', async () => {
    const listText = '2026-11-18 12:12:21'; // records, charges, withdrawals, funds, news: UTC
    const orderIso = '2026-11-18T12:12:21.000Z'; // orders
    const ms = Date.UTC(2026, 10, 18, 12, 12, 21);
    const local = new Date(ms);
    const two = (n: number): string => String(n).padStart(2, '0');
    const [d, mo, y, h, mi] = [
      two(local.getDate()),
      two(local.getMonth() + 1),
      local.getFullYear(),
      two(local.getHours()),
      two(local.getMinutes()),
    ];
    await setLanguage('hk');
    expect(formatDate(listText)).toBe(formatDate(orderIso));
    expect(formatDate(listText)).toMatch(new RegExp(`^${d}/${mo}/${y}\\s${h}:${mi}:21$`)); // ICU puts a thin space here
    await setLanguage('de');
    expect(formatDate(ms)).toBe(`${d}.${mo}.${y}, ${h}:${mi}:21`);
    await setLanguage('en');
    expect(formatDate(listText)).toBe(`${mo}/${d}/${y}, ${h}:${mi}:21`);
    expect(formatDate('yesterday')).toBe('');
  });

  const COLOURS: ChartColours = { background: '#fff', text: '#333', grid: '#eee', up: '#0a0', down: '#a00' };

  it("the chart's crosshair label is the same date and time, without seconds, isolated (three formats)", async () => {
    const ms = Date.UTC(2026, 10, 18, 12, 12, 21);
    const local = new Date(ms);
    const two = (n: number): string => String(n).padStart(2, '0');
    const [d, mo, y, h, mi] = [
      two(local.getDate()),
      two(local.getMonth() + 1),
      local.getFullYear(),
      two(local.getHours()),
      two(local.getMinutes()),
    ];
    const crosshair = (): string => {
      const format = chartOptions(COLOURS).localization?.timeFormatter as ((t: UTCTimestamp) => string) | undefined;
      return format?.((ms / 1000) as UTCTimestamp) ?? '';
    };
    // First-strong isolates around it: the canvas draws left to right, where Arabic's right-to-left marks in the
    // date would put the day after the time.
    const isolated = (text: string): string => `\u2068${text}\u2069`;
    await setLanguage('de');
    expect(crosshair()).toBe(isolated(`${d}.${mo}.${y}, ${h}:${mi}`));
    await setLanguage('en');
    expect(crosshair()).toBe(isolated(`${mo}/${d}/${y}, ${h}:${mi}`));
    await setLanguage('ar');
    expect(crosshair()).toMatch(/^\u2068[^\u2068\u2069]*\u200f[^\u2068\u2069]*\u2069$/); // its marks kept inside
  });
});
