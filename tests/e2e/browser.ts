// Debian's Chromium driven by playwright-core: the flags this sandbox needs, a fresh profile per browser. And the
// cross-browser launcher of the flows that also run in Firefox (tests/e2e/firefox.ts): the same flow code, either
// browser, through the FlowPage interface (tests/e2e/flow-page.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { firefoxContext, launchFirefox } from './firefox.ts';
import { reportPageError } from './page-errors.ts';
import type { FlowContext, FlowPage } from './flow-page.ts';
import { slow } from '../fixtures/slowness.ts';
import { WIDE_QUERY } from '../../src/components/hooks/wide-query.ts';

/** The whole browser: what the benches measure, and the tests whose feature the headless shell lacks. */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The same Blink and V8 without the browser's own shell: a test page costs about a quarter less CPU. It has no
// back/forward cache and no notifications, so those tests ask for the whole browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const TEST_CHROMIUM = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
export const ARTIFACTS = join(process.cwd(), 'test-artifacts');
/** Screenshots are for a person to look at (E2E_SHOTS=1); a test run without one pays nothing for them. */
const SHOTS = process.env.E2E_SHOTS === '1';

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * How a test starts Chromium. `backForwardCache` keeps its back/forward cache, which playwright turns off;
 * `notifications` lets a service worker show notifications. Either starts the whole browser.
 */
export type ChromiumNeeds = { backForwardCache?: boolean; notifications?: boolean };

/** What any Chromium in this sandbox needs; the bench's browser starts from these too (bench/render/browser.ts). */
export const SANDBOX_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// A test page lives seconds, too short to repay compiling its code again for speed: V8's interpreter alone costs a
// browser run less CPU. Not the bench's browser: it measures the app as a phone runs it.
const TEST_ONLY_ARGS = ['--js-flags=--max-opt=0'];

export function chromiumOptions(extraArgs: string[] = [], opts: ChromiumNeeds = {}) {
  return {
    executablePath: opts.backForwardCache || opts.notifications ? CHROMIUM : TEST_CHROMIUM,
    headless: true,
    ignoreDefaultArgs: opts.backForwardCache ? ['--disable-back-forward-cache'] : undefined,
    // playwright gives every launch a fresh, empty profile of its own
    args: [...SANDBOX_ARGS, ...TEST_ONLY_ARGS, ...extraArgs],
  };
}

/** Chromium with a fresh profile; see chromiumOptions. */
export async function launchBrowser(extraArgs: string[] = [], opts: ChromiumNeeds = {}): Promise<LaunchedBrowser> {
  const browser = await chromium.launch(chromiumOptions(extraArgs, opts));
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

type Viewport = { width: number; height: number };

/** The page at another size, once that width's layout is drawn (the width query picks it, docs/screens.md): the desk's
 * top navigation is a chunk of its own, loaded when the layout turns wide. */
export async function resizeTo(
  page: Pick<FlowPage, 'setViewportSize' | 'waitForFunction'>,
  size: Viewport,
): Promise<void> {
  await page.setViewportSize(size);
  // The layout of the new width, not the old one still drawn: a control read at once may be about to go.
  await page.waitForFunction((query) => {
    const wide = window.matchMedia(query).matches;
    const app = document.querySelector('.app');
    if (!app) return true; // no app drawn yet: its first draw is at this size
    return app.getAttribute('data-wide') === String(wide) && (document.querySelector('.desk-nav') !== null) === wide;
  }, WIDE_QUERY);
}
/** `serviceWorker`: let the app register its service worker, for a test of what it does (offline, notifications). */
type PageOptions = { mobile?: boolean; locale?: string; serviceWorker?: boolean };

const PHONE_UA = {
  chromium:
    'Mozilla/5.0 (Linux; Android 13; Pixel 6a) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Android 13; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
} as const;

function pageSettings(name: BrowserName, viewport: Viewport, opts: PageOptions) {
  const mobile = opts.mobile ?? viewport.width < 800;
  return { viewport, mobile, locale: opts.locale ?? 'zh-HK', userAgent: mobile ? PHONE_UA[name] : undefined };
}

export async function newPage(
  browser: Browser,
  viewport: Viewport,
  opts: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const s = pageSettings('chromium', viewport, opts);
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: s.mobile ? 2 : 1,
    isMobile: s.mobile,
    hasTouch: s.mobile,
    locale: s.locale,
    userAgent: s.userAgent,
    // Its install precaches every file in each fresh context: a large share of a page start's CPU, for what few tests check.
    serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
  });
  context.setDefaultTimeout(slow(30_000)); // playwright's own default, scaled to this host
  context.on('weberror', (e) => reportPageError('chromium', e.error()));
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot of the current screen as a test artefact (test-artifacts/NAME.png). */
export async function snap(page: Pick<FlowPage, 'screenshot'>, name: string): Promise<string> {
  const path = join(ARTIFACTS, `${name}.png`);
  if (!SHOTS) return path;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path });
  return path;
}

/** The bytes of a finished download, also from a shared Chromium (download.path() exists only for a local one). */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-download-'));
  try {
    await download.saveAs(join(dir, 'file'));
    return readFileSync(join(dir, 'file'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type BrowserName = 'chromium' | 'firefox';

/**
 * The browsers the cross-browser flows run in: E2E_BROWSERS (e.g. chromium,firefox), Chromium by default. npm test
 * (scripts/test.sh) runs the flow files a second time with E2E_BROWSERS=firefox, beside the server suites.
 */
export const FLOW_BROWSERS: readonly BrowserName[] = (process.env.E2E_BROWSERS ?? 'chromium')
  .split(',')
  .map((b) => b.trim())
  .filter((b): b is BrowserName => b === 'chromium' || b === 'firefox');

export interface FlowBrowser {
  name: BrowserName;
  /** A page in a fresh context (its own cookies and storage), emulating a phone below 800 px. */
  newPage(viewport: Viewport, opts?: PageOptions): Promise<{ context: FlowContext; page: FlowPage }>;
  /** A screenshot artefact named for the browser: NAME.png in Chromium, NAME-firefox.png in Firefox. */
  snap(page: FlowPage, name: string): Promise<string>;
  close(): Promise<void>;
}

/** `chrome`: a Chromium already at hand (e.g. connected to a shared one), used instead of launching one. */
export async function launchFlowBrowser(name: BrowserName, given?: LaunchedBrowser): Promise<FlowBrowser> {
  const suffix = name === 'chromium' ? '' : `-${name}`;
  const snapAs = (page: FlowPage, shot: string) => snap(page, `${shot}${suffix}`);
  if (name === 'chromium') {
    const chrome = given ?? (await launchBrowser());
    return {
      name,
      newPage: (viewport, opts = {}) => newPage(chrome.browser, viewport, opts),
      snap: snapAs,
      close: () => chrome.close(),
    };
  }
  const firefox = await launchFirefox();
  return {
    name,
    async newPage(viewport, opts = {}) {
      const context = await firefoxContext(firefox, pageSettings(name, viewport, opts));
      return { context, page: await context.newPage() };
    },
    snap: snapAs,
    close: () => firefox.close(),
  };
}
