// The built app under its Content-Security-Policy in Chromium: the market goes live (the worker's socket is allowed),
// the trade screen draws its chart, the login and demo flow work, and no CSP violation is reported anywhere; the API
// reference page (/api/docs, Swagger UI) renders every operation under the same policy.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { slow } from '../fixtures/slowness.ts';
import { demoLoginInBrowser } from './real-user.ts';

const e2e = useServerAndChrome();

/** Collects securitypolicyviolation events of the page (the worker's socket shows up as "not live" instead). */
const COLLECT_VIOLATIONS = `(() => {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(e.violatedDirective + ' ' + e.blockedURI);
  });
})();`;

/**
 * Watches a page for CSP violations from its first script on (the events, and the console's reports); answers a check
 * that expects none of either.
 */
async function watchCsp(page: Page): Promise<() => Promise<void>> {
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
  });
  await page.addInitScript(COLLECT_VIOLATIONS);
  return async () => {
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(consoleCsp).toEqual([]);
  };
}

describe('the app under its CSP', () => {
  it('loads, goes live, trades on a demo account, with no CSP violation', async () => {
    const { context, page } = await newPage(e2e.chrome.browser, PHONE);
    const noViolations = await watchCsp(page);
    const res = await page.goto(`${e2e.server.url}/#/`);
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page
      .locator('.conn-badge[data-conn="live"]:visible')
      .first()
      .waitFor({ timeout: slow(15_000) });
    await page.waitForFunction(() => document.querySelectorAll('.mk-row .mk-price').length > 3, null, {
      timeout: slow(15_000),
    });
    await demoLoginInBrowser(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/#/`);
    await page.locator('.mk-row[data-code="EURUSD"]').click();
    await page.waitForURL(/#\/trade/);
    await page.locator('.tr-side[data-side="1"]').waitFor({ timeout: slow(15_000) });
    await page.goto(`${e2e.server.url}/#/user`);
    await page.waitForLoadState('networkidle');
    await snap(page, 'csp-user-phone');
    await noViolations();
    await context.close();
  });

  it('shows the API reference at /api/docs under the same policy', async () => {
    const { context, page } = await newPage(e2e.chrome.browser, DESKTOP);
    const noViolations = await watchCsp(page);
    const res = await page.goto(`${e2e.server.url}/api/docs`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    const doc = (await (await fetch(`${e2e.server.url}/api/openapi.json`)).json()) as { paths: Record<string, object> };
    const operations = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    await expect.poll(() => page.locator('.opblock').count(), { timeout: slow(20_000) }).toBe(operations);
    await page.locator('.opblock-summary-path[data-path="/v1/api/forex/submit"]').click();
    await page.locator('.opblock.is-open .responses-wrapper').waitFor();
    await snap(page, 'api-docs-desktop');
    await noViolations();
    await context.close();
  });
});
