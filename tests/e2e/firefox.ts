// Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi, behind the FlowPage interface the cross-browser
// flows use (tests/e2e/flow-page.ts): a thin adapter from Playwright's locator calls to puppeteer's, waiting the way
// Playwright waits (an element must be there before it is read; clicks and fills wait until it can take them).
import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Page } from 'puppeteer-core';
import type { FlowContext, FlowLocator, FlowPage } from './flow-page.ts';
import { slow } from '../fixtures/slowness.ts';
import { reportPageError } from './page-errors.ts';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Playwright's default wait for an element (its actionability timeout in these tests is the test's own). */
const DEFAULT_TIMEOUT = slow(30_000);
/** Firefox's notice of a refused websocket (Chromium logs it to the console): the app's reconnect handles it. */
const WS_REFUSED = /^Firefox can.t establish a connection to the server at wss?:\/\//;
/** Page-side polling: rAF (puppeteer's default) stalls in a headless page that never paints. */
const POLL_MS = 100;

export async function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // A fresh profile per launch (puppeteer's temporary one); no update checks or first-run pages in a test; no
    // service worker, whose install precaches every file in each fresh context and which no Firefox flow checks;
    // no compiling for speed, as in Chromium's tests (tests/e2e/browser.ts): a test page lives seconds.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      'dom.serviceWorkers.enabled': false,
      'javascript.options.baselinejit': false,
      'javascript.options.ion': false,
    },
  });
}

class PuppeteerLocator implements FlowLocator {
  constructor(
    private readonly page: Page,
    private readonly selector: string,
  ) {}

  first(): FlowLocator {
    return this; // a CSS query answers the first match
  }

  locator(selector: string): FlowLocator {
    return new PuppeteerLocator(this.page, `${this.selector} ${selector}`);
  }

  private async element(timeout = DEFAULT_TIMEOUT): Promise<ElementHandle> {
    const handle = await this.page.waitForSelector(this.selector, { timeout });
    if (!handle) throw new Error(`no element for ${this.selector}`);
    return handle;
  }

  private async read<R>(fn: (el: Element) => R): Promise<R> {
    const handle = await this.element();
    try {
      return (await handle.evaluate(fn)) as R;
    } finally {
      await handle.dispose();
    }
  }

  /**
   * Playwright clicks only once the element would receive the click (its centre is not under another element, such
   * as a toast, which is a button that a tap dismisses); puppeteer's locator clicks at the coordinates whatever lies
   * on top. Wait for the hit test first (an element under a fixed bar scrolled to the middle), so a flow clicks what
   * it names in both browsers. An element outside the viewport is left to puppeteer, which scrolls it in.
   */
  async click(): Promise<void> {
    // The element through puppeteer (its selectors include ::-p-text, which document.querySelector cannot read).
    const handle = await this.element();
    try {
      // An element in the viewport but under something fixed (half under the tab bar) goes to the middle first, as
      // Playwright scrolls before its hit test; one already hittable, or covered by a toast, stays where it is.
      await handle.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const bar = hit?.closest('.tab-bar, .title-bar');
        if (bar && !bar.contains(el)) el.scrollIntoView({ block: 'center', inline: 'nearest' });
      });
      await this.page.waitForFunction(
        (el: Element) => {
          if (!el.isConnected) return true; // replaced by a render: the click below finds the new one
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) return false;
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
          const hit = document.elementFromPoint(x, y);
          return hit !== null && (hit === el || el.contains(hit));
        },
        { timeout: DEFAULT_TIMEOUT, polling: POLL_MS },
        handle,
      );
    } finally {
      await handle.dispose();
    }
    await this.page.locator(this.selector).setTimeout(DEFAULT_TIMEOUT).click();
  }

  async fill(value: string): Promise<void> {
    await this.page.locator(this.selector).setTimeout(DEFAULT_TIMEOUT).fill(value);
  }

  innerText(): Promise<string> {
    return this.read((el) => (el as HTMLElement).innerText);
  }

  allInnerTexts(): Promise<string[]> {
    return this.page.$$eval(this.selector, (els) => els.map((el) => (el as HTMLElement).innerText));
  }

  getAttribute(name: string): Promise<string | null> {
    return this.page.waitForSelector(this.selector, { timeout: DEFAULT_TIMEOUT }).then(async (h) => {
      const value = (await h?.evaluate((el, n) => el.getAttribute(n), name)) ?? null;
      await h?.dispose();
      return value;
    });
  }

  inputValue(): Promise<string> {
    return this.read((el) => (el as HTMLInputElement).value);
  }

  isEnabled(): Promise<boolean> {
    return this.read((el) => !(el as HTMLButtonElement).disabled);
  }

  count(): Promise<number> {
    return this.page.$$eval(this.selector, (els) => els.length);
  }

  /**
   * The element's box in the page, null when it has none (not rendered), as Playwright's. Read in the page:
   * puppeteer's ElementHandle.boundingBox over WebDriver BiDi answered null for a laid-out row of the market list.
   */
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null> {
    return this.read((el) => {
      if (el.getClientRects().length === 0) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
  }

  async waitFor(
    options: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number } = {},
  ): Promise<void> {
    const timeout = options.timeout ?? DEFAULT_TIMEOUT;
    const state = options.state ?? 'visible';
    if (state === 'detached') {
      await this.page.waitForFunction(
        (sel) => document.querySelector(sel) === null,
        { timeout, polling: POLL_MS },
        this.selector,
      );
      return;
    }
    const handle = await this.page.waitForSelector(this.selector, {
      timeout,
      visible: state === 'visible',
      hidden: state === 'hidden',
    });
    await handle?.dispose();
  }

  async setInputFiles(path: string): Promise<void> {
    const handle = (await this.element()) as ElementHandle<HTMLInputElement>;
    try {
      await handle.uploadFile(path);
    } finally {
      await handle.dispose();
    }
  }
}

class PuppeteerPage implements FlowPage {
  constructor(readonly page: Page) {}

  get mouse(): FlowPage['mouse'] {
    return { move: (x, y) => this.page.mouse.move(x, y) };
  }

  goto(url: string): Promise<unknown> {
    return this.page.goto(url);
  }

  reload(): Promise<unknown> {
    return this.page.reload();
  }

  close(): Promise<void> {
    return this.page.close();
  }

  locator(selector: string, options: { hasText?: string } = {}): FlowLocator {
    // puppeteer's text selector: the element matching `selector` that contains the text.
    const text = options.hasText === undefined ? '' : `::-p-text(${JSON.stringify(options.hasText)})`;
    return new PuppeteerLocator(this.page, `${selector}${text}`);
  }

  async waitForURL(url: RegExp | ((url: URL) => boolean), options: { timeout?: number } = {}): Promise<void> {
    // Hash routes change location without a navigation event: poll location.href as Playwright does.
    const test = (href: string) => (url instanceof RegExp ? url.test(href) : url(new URL(href)));
    const until = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
    for (;;) {
      const href = await this.page.evaluate(() => location.href).catch(() => '');
      if (href && test(href)) return;
      if (Date.now() > until) throw new Error(`waitForURL: still at ${href}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  async waitForFunction<A>(fn: (arg: A) => unknown, arg?: A, options: { timeout?: number } = {}): Promise<unknown> {
    const pageFn = fn as (arg: unknown) => unknown;
    const handle = await this.page.waitForFunction(
      pageFn,
      { timeout: options.timeout ?? DEFAULT_TIMEOUT, polling: POLL_MS },
      arg,
    );
    await handle.dispose();
    return undefined;
  }

  evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => R, arg) as Promise<R>;
  }

  async addInitScript(script: string | (() => unknown)): Promise<void> {
    await this.page.evaluateOnNewDocument(script);
  }

  async waitForLoadState(): Promise<void> {
    await this.page.waitForNetworkIdle({ idleTime: 500, timeout: DEFAULT_TIMEOUT });
  }

  screenshot(options: { path: string }): Promise<unknown> {
    return this.page.screenshot({ path: options.path as `${string}.png` });
  }

  async setViewportSize(size: { width: number; height: number }): Promise<void> {
    const now = this.page.viewport();
    await this.page.setViewport({ ...now, ...size });
  }
}

export interface PageSettings {
  viewport: { width: number; height: number };
  mobile: boolean;
  locale: string;
  userAgent: string | undefined;
}

/** A page in a fresh browser context of its own (cookies and storage apart), emulating the phone or desktop. */
export async function firefoxContext(browser: Browser, settings: PageSettings): Promise<FlowContext> {
  const context: BrowserContext = await browser.createBrowserContext();
  const open = async (): Promise<FlowPage> => {
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      const error = e instanceof Error ? e : new Error(String(e));
      if (!WS_REFUSED.test(error.message)) reportPageError('firefox', error);
    });
    await page.setViewport({
      ...settings.viewport,
      deviceScaleFactor: settings.mobile ? 2 : 1,
      isMobile: settings.mobile,
      hasTouch: settings.mobile,
    });
    if (settings.userAgent) await page.setUserAgent({ userAgent: settings.userAgent });
    // The browser's language, as Playwright's `locale` sets it (the app's first guess before the lang cookie).
    await page.evaluateOnNewDocument((locale: string) => {
      Object.defineProperty(navigator, 'language', { get: () => locale });
      Object.defineProperty(navigator, 'languages', { get: () => [locale] });
    }, settings.locale);
    await page.setExtraHTTPHeaders({ 'accept-language': settings.locale });
    return new PuppeteerPage(page);
  };
  return {
    newPage: open,
    async addCookies(cookies) {
      await context.setCookie(
        ...cookies.map((c) => ({ name: c.name, value: c.value, domain: new URL(c.url).hostname, path: '/' })),
      );
    },
    close: () => context.close(),
  };
}
