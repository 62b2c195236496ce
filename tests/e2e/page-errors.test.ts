// The watch of tests/e2e/page-errors.ts hears what a page throws and does not catch, in a timer and in a promise:
// if it went deaf, every browser test would pass over such errors unseen.
import { expect, it } from 'vitest';
import { PHONE, newPage } from './browser.ts';
import { takePageErrors } from './page-errors.ts';
import { useServerAndChrome } from './server-and-chrome.ts';

const e2e = useServerAndChrome();

it('hears an uncaught throw and an unhandled rejection in a page of the app', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, PHONE);
  await page.goto(`${e2e.server.url}/#/news`);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('thrown on purpose');
    });
    void Promise.reject(new Error('rejected on purpose'));
  });
  const heard: string[] = [];
  await expect
    .poll(() => {
      heard.push(...takePageErrors()); // taken, so tests/e2e/setup.ts finds none after this test
      return heard.join('\n');
    })
    .toMatch(/thrown on purpose[\s\S]*rejected on purpose|rejected on purpose[\s\S]*thrown on purpose/);
  await context.close();
});
