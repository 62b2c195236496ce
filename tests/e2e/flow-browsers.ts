// The describe block of the cross-browser flows: one per browser of FLOW_BROWSERS, with its launch and close hooks,
// and what the page of a failed test showed. Apart from browser.ts because it imports vitest, and the render bench
// imports browser.ts outside a test runner.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, onTestFailed } from 'vitest';
import { ARTIFACTS, FLOW_BROWSERS, launchFlowBrowser, type BrowserName, type FlowBrowser } from './browser.ts';
import type { FlowPage } from './flow-page.ts';
import { connectChrome } from './server-and-chrome.ts';

let pagesOpened = 0;

/** What a failed flow's page showed, for a failure on a host nobody watched: its address and text in the log, and a
 * screenshot in test-artifacts/. */
async function showFailedPage(page: FlowPage, name: string): Promise<void> {
  const path = join(ARTIFACTS, `failed-${name}.png`);
  try {
    const shown = await page.evaluate(() => `${location.href}\n${document.body.innerText.slice(0, 1500)}`);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path });
    console.error(`== the failed test's page (${path}):\n${shown}`);
  } catch {
    // closed by the test before it failed: nothing to show
  }
}

/**
 * One describe per flow browser ("in chromium", "in firefox"), with that browser launched before its tests and closed
 * after them: the flow files share this instead of each repeating the launch and close hooks.
 */
export function describeInFlowBrowsers(body: (browser: () => FlowBrowser, name: BrowserName) => void): void {
  describe.each(FLOW_BROWSERS)('in %s', (browserName) => {
    let launched: FlowBrowser | undefined;
    beforeAll(async () => {
      // Chromium: the run's shared one (tests/e2e/server-and-chrome.ts).
      const base = await launchFlowBrowser(browserName, browserName === 'chromium' ? await connectChrome() : undefined);
      launched = {
        ...base,
        async newPage(viewport, opts) {
          const opened = await base.newPage(viewport, opts);
          const shot = `${browserName}-${process.pid}-${++pagesOpened}`; // the lanes share test-artifacts/
          try {
            onTestFailed(() => showFailedPage(opened.page, shot));
          } catch {
            // opened by a hook, not a test: no failure of its own to show
          }
          return opened;
        },
      };
    });
    afterAll(async () => {
      await launched?.close();
    });
    body(() => {
      if (!launched) throw new Error(`${browserName} is not launched yet`);
      return launched;
    }, browserName);
  });
}
