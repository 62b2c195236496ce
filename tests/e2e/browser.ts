// Debian's Chromium driven by playwright-core: the flags this sandbox needs, a fresh profile per browser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = join(process.cwd(), 'test-artifacts');

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchBrowser(extraArgs: string[] = []): Promise<LaunchedBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...extraArgs, // playwright gives every launch a fresh, empty profile of its own
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
  opts: { mobile?: boolean; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const mobile = opts.mobile ?? viewport.width < 800;
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: mobile ? 2 : 1,
    isMobile: mobile,
    hasTouch: mobile,
    locale: opts.locale ?? 'zh-HK',
    userAgent: mobile
      ? 'Mozilla/5.0 (Linux; Android 13; Pixel 6a) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'
      : undefined,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot of the current screen as a test artefact (test-artifacts/NAME.png). */
export async function snap(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
