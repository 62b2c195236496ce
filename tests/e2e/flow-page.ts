// The slice of a browser page the cross-browser flows use (live market, trading, money): Playwright's own Page and
// Locator satisfy it as they are (Chromium), and tests/e2e/firefox.ts implements it over puppeteer-core and WebDriver
// BiDi (Firefox), so one flow's code drives both browsers.

export type LoadState = 'networkidle';

export interface FlowLocator {
  first(): FlowLocator;
  locator(selector: string): FlowLocator;
  click(): Promise<void>;
  fill(value: string): Promise<void>;
  innerText(): Promise<string>;
  allInnerTexts(): Promise<string[]>;
  getAttribute(name: string): Promise<string | null>;
  inputValue(): Promise<string>;
  isEnabled(): Promise<boolean>;
  count(): Promise<number>;
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>;
  waitFor(options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void>;
  setInputFiles(path: string): Promise<void>;
}

export interface FlowPage {
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  close(): Promise<void>;
  locator(selector: string, options?: { hasText?: string }): FlowLocator;
  waitForURL(url: RegExp | ((url: URL) => boolean), options?: { timeout?: number }): Promise<void>;
  waitForFunction<A>(fn: (arg: A) => unknown, arg?: A, options?: { timeout?: number }): Promise<unknown>;
  evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A): Promise<R>;
  addInitScript(script: string | (() => unknown)): Promise<unknown>;
  waitForLoadState(state: LoadState): Promise<void>;
  screenshot(options: { path: string }): Promise<unknown>;
  /** Another window size for the same page (the desk's layout at 1280 px wide), its emulation otherwise kept. */
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  /** The mouse, moved to a point of the viewport (a crosshair that follows it). */
  readonly mouse: { move(x: number, y: number): Promise<void> };
}

export interface FlowContext {
  newPage(): Promise<FlowPage>;
  addCookies(cookies: Array<{ name: string; value: string; url: string }>): Promise<void>;
  close(): Promise<void>;
}
