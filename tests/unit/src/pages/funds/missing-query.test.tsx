// /mining/income opened without ?id= toasted "The value of sub_id is not valid" over "No data".
// A page opened without (or with a bad) record id says what is missing and links to where one is chosen, and asks the
// server nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { IncomePage } from '../../../../../src/pages/funds/income-page.tsx';
import { SubscribePage } from '../../../../../src/pages/funds/subscribe-page.tsx';
import { NewsDetailPage } from '../../../../../src/pages/news/news-detail-page.tsx';
import { $toasts } from '../../../../../src/state/shell/toasts.ts';
import { renderRoutes, settle } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [
  { path: '/mining/income', element: <IncomePage /> },
  { path: '/mining/subscribe', element: <SubscribePage /> },
  { path: '/news/detail', element: <NewsDetailPage /> },
];

const fake = useFakeApi();
beforeAll(startInEnglish);

const shown = () => ({
  text: document.querySelector('.empty-state__text')?.textContent,
  link: document.querySelector('[data-testid="missing-query-link"]')?.getAttribute('href'),
});

describe('a page opened without the record it shows', () => {
  it.each([
    ['/mining/income', 'Which subscription? Open one from My subscriptions to see its income.', '#/mining/record'],
    [
      '/mining/income?id=abc',
      'Which subscription? Open one from My subscriptions to see its income.',
      '#/mining/record',
    ],
    ['/mining/income?id=0', 'Which subscription? Open one from My subscriptions to see its income.', '#/mining/record'],
    ['/mining/subscribe', 'Which fund? Choose one from the fund list.', '#/mining'],
    ['/news/detail?id=-3', 'Which story? Choose one from the news list.', '#/news'],
  ])('%s says what is missing, links to where one is chosen, and sends nothing', async (path, text, link) => {
    $toasts.value = [];
    await renderRoutes(routes, path);
    await settle();
    expect(shown()).toEqual({ text, link: expect.stringContaining(link.slice(1)) as unknown });
    expect(fake.server.seen.filter((r) => /insList|fund\/info|news\/info/.test(r.url))).toEqual([]);
    expect($toasts.value).toEqual([]);
  });
});
