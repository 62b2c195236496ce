// The first live frame of a first visit and where its time goes (bench/README.md "Start-up").
import { setTimeout as sleep } from 'node:timers/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { WebSocket } from 'playwright-core';
import { SIM_SEED, startBenchServer } from '../lib/app-server.ts';
import { ensureBuilds } from '../lib/client-build.ts';
import { flag as arg, log, mdRow, writeStamped } from '../lib/tool.ts';
import { LIGHTHOUSE_PHONE, launchPinned } from '../render/browser.ts';
import { firstLiveSplit, type FirstLiveMoments, type FirstLiveSplit } from './first-live-split.ts';
import { spread } from '../lib/stats.ts';

const dist = arg('dist', '') ? resolve(arg('dist', '')) : ensureBuilds(log).prod;
const pages = arg('pages', '/#/trade,/').split(',');
const loads = Number(arg('loads', '3'));
const cpu = Number(arg('cpu', '4'));
const windowMs = Number(arg('ms', '15000'));

/** A string, not a function: tsx would add its own helpers to a function's text. */
const WATCH_LIVE_QUOTES = `(() => {
  const seen = { stale: [], text: [], frames: [] };
  window.__twLive = seen;
  const frame = () => {
    if (seen.frames.length < 3000) requestAnimationFrame((t) => { seen.frames.push(t); frame(); });
  };
  frame();
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      const el = r.target instanceof Element ? r.target : r.target.parentElement;
      if (r.type === 'attributes') {
        if (r.oldValue === 'true' && el && el.getAttribute('data-stale') !== 'true') seen.stale.push(now);
      } else if (el && el.closest('[data-field]')) seen.text.push(now);
    }
  }).observe(document, {
    subtree: true, attributes: true, attributeFilter: ['data-stale'], attributeOldValue: true,
    characterData: true, childList: true,
  });
})();`;

interface Load {
  page: string;
  round: number;
  loadAverage: number;
  moments: FirstLiveMoments;
  split: FirstLiveSplit;
}

type Epochs = Partial<Record<keyof FirstLiveMoments, number>>;

function follow(ws: WebSocket, at: Epochs): void {
  at.socketCreated ??= Date.now();
  ws.on('framesent', (f) => {
    const now = Date.now();
    at.socketOpen ??= now;
    const m = parse(f.payload);
    if (m?.type === 'login') at.loginSent ??= now;
    if (m?.type === 'sub' && m.topic === 'DAY_MARKET') at.subSent ??= now;
  });
  ws.on('framereceived', (f) => {
    const now = Date.now();
    const m = parse(f.payload);
    if (m?.type === 'login') at.loginAnswered ??= now;
    if (m?.type === 'sub' && m.topic === 'DAY_MARKET') at.subAcked ??= now;
    if (m?.type === 'DAY_MARKET' && Array.isArray(m.data) && m.data.length > 0) at.firstQuotes ??= now;
  });
}

function parse(payload: string | Buffer): { type?: unknown; topic?: unknown; data?: unknown } | null {
  try {
    const v: unknown = JSON.parse(String(payload));
    return typeof v === 'object' && v !== null ? v : null;
  } catch {
    return null;
  }
}

const out: Load[] = [];
const server = await startBenchServer({ env: { SIM_SEED }, distDir: dist, cpus: null });
const browser = await launchPinned(null, { scale: LIGHTHOUSE_PHONE.deviceScaleFactor });
try {
  for (let round = 1; round <= loads; round++) {
    for (const path of pages) {
      const context = await browser.browser.newContext(LIGHTHOUSE_PHONE);
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        await page.addInitScript(WATCH_LIVE_QUOTES);
        const at: Epochs = {};
        // Playwright reports the dedicated worker's socket on its page.
        page.on('websocket', (ws) => void (ws.url().includes('/v1/ws') && follow(ws, at)));
        await page.goto(`${server.url}${path}`);
        for (let waited = 0; at.firstQuotes === undefined && waited < windowMs; waited += 100) await sleep(100);
        await sleep(1000); // the frame that shows them, at the slowed main thread
        const seen = await page.evaluate(() => {
          const live = (window as unknown as { __twLive: { stale: number[]; text: number[]; frames: number[] } })
            .__twLive;
          const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
          return { origin: performance.timeOrigin, paint, ...live };
        });
        const rel = (epoch: number | undefined): number | null => (epoch === undefined ? null : epoch - seen.origin);
        const quotesAt = rel(at.firstQuotes);
        // The page's own paint of stored quotes comes before the first quotes.
        const applied =
          quotesAt === null
            ? null
            : ([...seen.stale, ...seen.text].filter((t) => t >= quotesAt).sort((a, b) => a - b)[0] ?? null);
        const liveFrame = applied === null ? null : (seen.frames.find((t) => t >= applied) ?? null);
        const moments: FirstLiveMoments = {
          firstPaint: seen.paint,
          socketCreated: rel(at.socketCreated),
          socketOpen: rel(at.socketOpen),
          loginSent: rel(at.loginSent),
          loginAnswered: rel(at.loginAnswered),
          subSent: rel(at.subSent),
          subAcked: rel(at.subAcked),
          firstQuotes: quotesAt,
          liveApplied: applied,
          liveFrame,
        };
        const load: Load = {
          page: path,
          round,
          loadAverage: loadavg()[0] ?? 0,
          moments,
          split: firstLiveSplit(moments),
        };
        out.push(load);
        log(`${path} #${round} (load ${load.loadAverage.toFixed(1)}): ${describe(load.split)}`);
      } finally {
        await context.close().catch(() => undefined);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

function ms(v: number | null): string {
  return v === null ? '—' : `${Math.round(v)}`;
}

function describe(split: FirstLiveSplit): string {
  const phases = split.phases.map((p) => `${p.name} ${ms(p.ms)}`).join(', ');
  return `first live frame at ${ms(split.liveFrameMs)} ms, ${ms(split.paintToLiveMs)} ms after the first paint (${phases})`;
}

console.log(
  `\n## First live frame of a first visit (main thread ${cpu}×, ms; load average at the end ${loadavg()[0]?.toFixed(1)})\n`,
);
const names = out[0]?.split.phases.map((p) => p.name) ?? [];
console.log(mdRow(['page', 'load', 'first paint', ...names, 'paint → live', 'live frame'], true));
const cells = (l: Load): (number | null)[] => {
  const s = l.split;
  return [l.moments.firstPaint, ...s.phases.map((p) => p.ms), s.paintToLiveMs, s.liveFrameMs];
};
for (const path of pages) {
  const rows = out.filter((l) => l.page === path);
  for (const l of rows) console.log(mdRow([path, l.round, ...cells(l).map(ms)]));
  const medians = (rows[0] ? cells(rows[0]) : []).map((_, i) =>
    ms(spread(rows.map((l) => cells(l)[i] ?? null)).median),
  );
  console.log(mdRow([path, 'median', ...medians]));
}
writeStamped('first-live', { cpu, loads: out });
