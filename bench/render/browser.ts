// Chromium for the render bench, pinned to one core by a taskset wrapper and throttled per page.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { CHROMIUM, SANDBOX_ARGS } from '../../tests/e2e/browser.ts';
import { BENCH_TMP } from '../lib/client-build.ts';
import { processTree, processType } from './proc-tree.ts';
import { startThreadThrottle, threadThrottleAvailable, type ThreadThrottle } from './thread-throttle.ts';

export interface PinnedBrowser {
  browser: Browser;
  version: string;
  /** Allowed CPUs of every Chromium process, read from /proc. */
  affinities(): Record<string, string>;
  /** Renderer threads when launched per-thread (cgroups as well as CDP), else CDP's main thread only. */
  throttles: 'renderer threads' | 'main thread';
  /** Launches the browser again if it has gone; returns when and during what, or null when it is still there. */
  relaunchIfGone(): Promise<{ at: string; during: string } | null>;
  setStep(step: string): void;
  close(): Promise<void>;
}

/** exec keeps the recorded pid, and every Chromium process (renderers, GPU, utility) inherits the affinity. */
export function wrapperExecutable(cpus: string | null): string {
  mkdirSync(BENCH_TMP, { recursive: true });
  const path = join(BENCH_TMP, `chromium-${cpus ? `cpu-${cpus.replace(/[^0-9]/g, '_')}` : 'free'}.sh`);
  const run = cpus ? `taskset -c ${cpus} ${CHROMIUM}` : CHROMIUM;
  writeFileSync(path, `#!/bin/sh\n[ -n "$TW_BENCH_PIDFILE" ] && echo $$ > "$TW_BENCH_PIDFILE"\nexec ${run} "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}

/** The device scale of Lighthouse's mobile device, the phone of the start-up measurements. */
export const LIGHTHOUSE_PHONE_SCALE = 1.75;

/** The sandbox flags of tests/e2e/browser.ts, plus no background throttling of timers or renderers. */
export const BENCH_FLAGS = [
  ...SANDBOX_ARGS,
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--disable-extensions',
  '--mute-audio',
  // Chromium counts Playwright-fulfilled floor pages as public: Local Network Access would block their local socket.
  '--disable-features=LocalNetworkAccessChecks',
];

/** The bench phone's device pixels per CSS pixel (openPage's emulation). */
export const PHONE_SCALE = 2;

/** A page's device scale: its emulation and its browser's launch agree on it (scaleFlag). */
export const deviceScale = (mobile: boolean): number => (mobile ? PHONE_SCALE : 1);

/**
 * Chromium's emulated scale sets devicePixelRatio but leaves a ResizeObserver's device-pixel-content-box at 1×, so
 * lightweight-charts sized its canvases twice and drew at 1×; a browser started at the phone's scale agrees, as a phone.
 */
export const scaleFlag = (scale: number): string => `--force-device-scale-factor=${scale}`;

const threadThrottles = new WeakMap<Browser, ThreadThrottle>();

/** CDP slows the main thread; with `perThread`, every other renderer thread gets a CFS quota of 1/rate of a core. */
export async function setThrottle(browser: Browser, cdp: CDPSession, rate: number): Promise<void> {
  threadThrottles.get(browser)?.setRate(rate);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

type Launched = Awaited<ReturnType<typeof launchOnce>>;

async function launchOnce(cpus: string | null, perThread: boolean, scale: number) {
  const profile = mkdtempSync(join(tmpdir(), 'tickwise-bench-chromium-')); // holds the pid file
  const pidFile = join(profile, 'browser.pid');
  const browser = await chromium.launch({
    executablePath: wrapperExecutable(cpus),
    headless: true,
    args: [...BENCH_FLAGS, scaleFlag(scale)], // Playwright gives each launch a fresh profile
    env: { ...process.env, TW_BENCH_PIDFILE: pidFile },
  });
  let rootPid = -1;
  try {
    rootPid = Number(readFileSync(pidFile, 'utf8').trim());
  } catch {
    // the wrapper could not write it: affinities are reported as unknown
  }
  const threads = perThread && rootPid > 0 && threadThrottleAvailable() ? startThreadThrottle(rootPid) : null;
  if (threads) threadThrottles.set(browser, threads);
  return { browser, rootPid, threads, profile };
}

/** `scale`: the device scale of every page it opens (PHONE_SCALE for a phone's, 1 for a desktop's). */
export async function launchPinned(
  cpus: string | null,
  { scale, perThread = false }: { scale: number; perThread?: boolean },
): Promise<PinnedBrowser> {
  let current = await launchOnce(cpus, perThread, scale);
  let step = 'launch';
  let gone: { at: string; during: string } | null = null;
  let closing = false;
  const watch = (l: Launched): void => {
    l.browser.on('disconnected', () => {
      if (l === current && !closing) gone = { at: new Date().toISOString(), during: step };
    });
  };
  watch(current);
  const dispose = async (l: Launched): Promise<void> => {
    l.threads?.stop();
    await l.browser.close().catch(() => undefined);
    rmSync(l.profile, { recursive: true, force: true });
  };
  const pinned: PinnedBrowser = {
    browser: current.browser,
    version: current.browser.version(),
    affinities: () => treeAffinities(current.rootPid),
    throttles: current.threads ? 'renderer threads' : 'main thread',
    setStep: (s) => void (step = s),
    async relaunchIfGone() {
      if (current.browser.isConnected()) return null;
      const report = gone ?? { at: new Date().toISOString(), during: step };
      await dispose(current);
      current = await launchOnce(cpus, perThread, scale);
      watch(current);
      gone = null;
      pinned.browser = current.browser;
      return report;
    },
    async close() {
      closing = true;
      await dispose(current);
    },
  };
  return pinned;
}

/** Allowed-CPU lists of a process and its descendants, to show the pinning took: "pid name" → "0". */
export function treeAffinities(rootPid: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pid of processTree(rootPid)) {
    const type = processType(pid);
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (type) out[`${pid} ${type}`] = /Cpus_allowed_list:\s+(\S+)/.exec(status)?.[1] ?? '?';
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

export type BenchPage = Awaited<ReturnType<typeof openPage>>;

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  mobile: boolean,
  throttle: number,
) {
  // A new renderer starts unthrottled: the previous run's per-thread quotas would otherwise still hold.
  threadThrottles.get(browser)?.setRate(1);
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: deviceScale(mobile),
    isMobile: mobile,
    hasTouch: mobile,
    locale: 'zh-HK',
    userAgent: mobile
      ? 'Mozilla/5.0 (Linux; Android 13; Pixel 6a) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'
      : undefined,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await setThrottle(browser, cdp, throttle);
  return { context, page, cdp };
}
