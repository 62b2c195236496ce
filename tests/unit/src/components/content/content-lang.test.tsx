// Content in its own languages on screen (docs/content.md "Content languages"): the fallback marker shows only when
// the text served is not in the reader's language, says which language in the reader's own (all 18), and a switch of
// language loads the news list, a story, the fund list and a fund again in the new language — no text of the old
// language is left on screen.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageName } from '../../../../../src/components/content/content-lang.tsx';
import { NewsPage } from '../../../../../src/pages/news/news-page.tsx';
import { NewsDetailPage } from '../../../../../src/pages/news/news-detail-page.tsx';
import { FundsPage } from '../../../../../src/pages/funds/funds-page.tsx';
import { SubscribePage } from '../../../../../src/pages/funds/subscribe-page.tsx';
import { setLanguage } from '../../../../../src/i18n/index.ts';
import { LANGUAGES, type Language } from '../../../../../domain/types.ts';
import type { NewsItem } from '../../../../../domain/content-types.ts';
import type { Fund } from '../../../../../domain/fund-types.ts';
import { ok, type SeenRequest } from '../../../api-fake-server.ts';
import { renderRoutes, settle, unmountRendered } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [
  { path: '/news', element: <NewsPage /> },
  { path: '/news/detail', element: <NewsDetailPage /> },
  { path: '/mining', element: <FundsPage /> },
  { path: '/mining/subscribe', element: <SubscribePage /> },
];

/** What the fake server answers: the hk text to hk, English (marked en) to everyone else. */
const TEXT = {
  hk: { title: '美國通脹降溫，美元走軟', desc: '核心物價升幅低於預期' },
  en: { title: 'Dollar slips as inflation cools', desc: 'Softer core prices' },
};
const served = (req: SeenRequest): 'hk' | 'en' => (req.headers.lang === 'hk' ? 'hk' : 'en');
const item = (req: SeenRequest): NewsItem => ({
  id: 5,
  lang: served(req),
  ...TEXT[served(req)],
  logo: '',
  created_at: '2026-11-20 08:00:00',
});
const FUND_TEXT = {
  hk: { title: '港灣穩健 7', desc: '為期一星期的USDT資金池' },
  en: { title: 'Harbour Stable 7', desc: 'A pool' },
};
const fund = (req: SeenRequest): Fund => ({
  id: 3,
  lang: served(req),
  ...FUND_TEXT[served(req)],
  image: '',
  currency_code: 'USDT',
  lock_dividend_days: 7,
  dividend_percentage: '0.35',
  staring_sub_amount: '100',
  max_sub_amount: '50000',
  liquidated_damages: '5',
});

const fake = useFakeApi();
const body = (): string => document.body.textContent ?? '';
const marks = (): string[] =>
  [...document.querySelectorAll('[data-testid="content-lang-mark"]')].map((m) =>
    // without the isolates a right-to-left text puts around the name (domain/bidi.ts)
    (m.textContent ?? '').replace(/[\u2066-\u2069]/g, ''),
  );
const langsAsked = (path: string): string[] =>
  fake.server.seen.filter((r) => r.url.endsWith(path)).map((r) => r.headers.lang ?? '');

function serve(): void {
  fake.server.on('GET', '/api/news/list', (req) => ok({ data: [item(req)], total: 1 }));
  fake.server.on('GET', '/api/news/info', (req) => ok({ ...item(req), content: `<p>${TEXT[served(req)].desc}</p>` }));
  fake.server.on('GET', '/api/fund/list', (req) => ok({ data: [fund(req)], last_page: 1 }));
  fake.server.on('GET', '/api/fund/info', (req) => ok(fund(req)));
}

beforeAll(startInEnglish);

describe('the fallback marker', () => {
  it('names the language shown in the reader’s language, in all 18, and fills its placeholder', () => {
    const en = JSON.parse(readFileSync(join(process.cwd(), 'locales', 'en.json'), 'utf8')) as {
      content_texts: { shown_in: string };
    };
    for (const lang of LANGUAGES) {
      const texts = JSON.parse(readFileSync(join(process.cwd(), 'locales', `${lang}.json`), 'utf8')) as {
        content_texts?: { shown_in?: string };
      };
      const text = texts.content_texts?.shown_in ?? '';
      expect(text, lang).toContain('{{language}}');
      if (lang !== 'en') expect(text, lang).not.toBe(en.content_texts.shown_in);
    }
    expect(languageName('en', 'hk')).toBe('英文');
    expect(languageName('en', 'ar')).toBe('الإنجليزية');
    expect(languageName('en', 'en')).toBe('English');
    expect(languageName('hk', 'en')).toMatch(/Chinese/);
  });

  it('marks an English fallback on the news list, a story, the fund list and a fund — and only a fallback', async () => {
    serve();
    await setLanguage('ar'); // no Arabic text on the fake server: English, marked
    for (const path of ['/news', '/news/detail?id=5', '/mining', '/mining/subscribe?id=3']) {
      await renderRoutes(routes, path);
      await settle();
      expect(marks(), path).toEqual(['معروض باللغة الإنجليزية']);
      await unmountRendered();
    }
    await setLanguage('en'); // English asked, English served: no marker
    for (const path of ['/news', '/news/detail?id=5', '/mining', '/mining/subscribe?id=3']) {
      await renderRoutes(routes, path);
      await settle();
      expect(marks(), path).toEqual([]);
      await unmountRendered();
    }
  });
});

describe('a switch of language loads content again', () => {
  it.each(['/news', '/news/detail?id=5', '/mining', '/mining/subscribe?id=3'])(
    '%s: en → hk → en, no text of the old language left',
    async (path) => {
      serve();
      const api = path.startsWith('/news') ? (path.includes('detail') ? '/api/news/info' : '/api/news/list') : '';
      const asked = api || (path.includes('subscribe') ? '/api/fund/info' : '/api/fund/list');
      const words = path.startsWith('/news') ? TEXT : FUND_TEXT;
      await renderRoutes(routes, path);
      await settle();
      expect(body()).toContain(words.en.title);

      await setLanguage('hk' as Language);
      await settle();
      expect(body()).toContain(words.hk.title);
      expect(body()).not.toContain(words.en.title);
      expect(marks()).toEqual([]);

      await setLanguage('en');
      await settle();
      expect(body()).toContain(words.en.title);
      expect(body()).not.toContain(words.hk.title);
      expect(langsAsked(asked)).toEqual(['en', 'hk', 'en']);
    },
  );
});
