// The describe block of the cross-browser flows: one per browser of FLOW_BROWSERS, with its launch and close hooks.
// Apart from browser.ts because it imports vitest, and the render bench imports browser.ts outside a test runner.
import { afterAll, beforeAll, describe } from 'vitest';
import { FLOW_BROWSERS, launchFlowBrowser, type BrowserName, type FlowBrowser } from './browser.ts';
import { connectChrome } from './server-and-chrome.ts';

/**
 * One describe per flow browser ("in chromium", "in firefox"), with that browser launched before its tests and closed
 * after them: the flow files share this instead of each repeating the launch and close hooks.
 */
export function describeInFlowBrowsers(body: (browser: () => FlowBrowser, name: BrowserName) => void): void {
  describe.each(FLOW_BROWSERS)('in %s', (browserName) => {
    let launched: FlowBrowser | undefined;
    beforeAll(async () => {
      // Chromium: the run's shared one (tests/e2e/server-and-chrome.ts).
      launched = await launchFlowBrowser(browserName, browserName === 'chromium' ? await connectChrome() : undefined);
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
