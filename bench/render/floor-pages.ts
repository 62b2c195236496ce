// The hand-written floor pages: the list and /trade with nothing but the work, under the app's flow rule.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Route } from 'playwright-core';
import { syntheticCode } from '../lib/synthetic-catalogue.ts';
import { BENCH_CODE } from './session.ts';

export const FLOOR_PATH = '/__floor/';
export const FLOOR_ROWS = 13;
const SPARK_POINTS = 60;
const CHART_INTERVAL_MS = 250;

export const FLOOR_WORKER = `
let codes = new Set(); const latest = new Map(); let inFlight = false; let timer = 0; let since = 0;
function pump() {
  if (inFlight || timer || latest.size === 0) return;
  timer = setTimeout(send, Math.max(0, since + 4 - Date.now()));
}
function send() {
  timer = 0;
  if (inFlight || latest.size === 0) return;
  const rows = [...latest.values()]; latest.clear(); since = 0; inFlight = true;
  postMessage(rows);
}
function connect(url) {
  const ws = new WebSocket(url);
  ws.onopen = () => ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
  ws.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type !== 'DAY_MARKET') return;
    const now = Date.now();
    for (const t of m.data) if (codes.has(t[0])) latest.set(t[0], [t[0], t[1], t[2], t[3], now]);
    if (latest.size > 0) { if (!since) since = now; pump(); }
  };
  ws.onclose = () => setTimeout(() => connect(url), 1000);
}
onmessage = (e) => {
  if (e.data.type === 'start') { codes = new Set(e.data.codes); connect(e.data.url); }
  else { inFlight = false; pump(); }
};`;

/** Same snapshot shape as bench-probe.ts, so a floor run is measured like the others. */
const PAGE = (screen: 'list' | 'trade', codes: string[]) => `
const SCREEN = ${JSON.stringify(screen)}; const CODES = ${JSON.stringify(codes)};
const worker = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(FLOOR_WORKER)}], { type: 'text/javascript' })));
const ch = new MessageChannel(); const nextTasks = []; ch.port1.onmessage = () => nextTasks.shift()?.();
const nextTask = (cb) => { nextTasks.push(cb); ch.port2.postMessage(null); };
let snap, started;
const reset = () => { started = Date.now(); snap = { mode: 'floor', windowMs: 0, batches: 0, quotes: 0, maxQuotesPerBatch: 0, feedToPaintMs: [], serverTickToPaintMs: [], applyToPaintMs: [], dropped: 0 }; };
reset();
window.__twBench = { mode: () => 'floor', reset, take: () => { const out = { ...snap, windowMs: Date.now() - started }; reset(); return out; } };
const rows = new Map();
let apply;
if (SCREEN === 'list') {
  const list = document.getElementById('list'); const dpr = devicePixelRatio || 1;
  for (const code of CODES) {
    const row = document.createElement('div'); row.className = 'row';
    row.innerHTML = '<span class="code"></span><canvas width="' + 60 * dpr + '" height="' + 24 * dpr + '"></canvas><span class="px"></span><span class="chg"></span>';
    row.querySelector('.code').textContent = code; list.appendChild(row);
    const c = row.querySelector('canvas').getContext('2d'); c.scale(dpr, dpr);
    rows.set(code, { px: row.querySelector('.px'), chg: row.querySelector('.chg'), ctx: c, pts: [] });
  }
  apply = (t) => {
    const r = rows.get(t[0]); if (!r) return;
    if (r.px.textContent !== t[1]) r.px.textContent = t[1];
    if (r.chg.textContent !== t[2]) { r.chg.textContent = t[2]; r.chg.className = 'chg ' + (t[2].startsWith('-') ? 'dn' : 'up'); }
    r.pts.push(Number(t[1])); if (r.pts.length > ${SPARK_POINTS}) r.pts.shift();
    const p = r.pts; let lo = Infinity, hi = -Infinity; for (const v of p) { if (v < lo) lo = v; if (v > hi) hi = v; }
    const c = r.ctx; c.clearRect(0, 0, 60, 24); c.beginPath();
    for (let i = 0; i < p.length; i++) { const x = (i * 60) / (${SPARK_POINTS} - 1), y = hi > lo ? 22 - ((p[i] - lo) / (hi - lo)) * 20 : 12; if (i) c.lineTo(x, y); else c.moveTo(x, y); }
    c.strokeStyle = '#3fb950'; c.lineWidth = 1; c.stroke();
  };
} else {
  const head = document.getElementById('price');
  const chart = LightweightCharts.createChart(document.getElementById('chart'), { autoSize: true, layout: { background: { color: '#0d1117' }, textColor: '#c9d1d9' } });
  const series = chart.addSeries(LightweightCharts.CandlestickSeries);
  let bar = null, lastChart = 0;
  apply = (t) => {
    if (head.textContent !== t[1]) head.textContent = t[1];
    const v = Number(t[1]); const minute = Math.floor(t[3] / 60000) * 60;
    if (!bar) { const hist = []; for (let i = 100; i > 0; i--) hist.push({ time: minute - i * 60, open: v, high: v, low: v, close: v }); series.setData(hist); }
    if (!bar || bar.time !== minute) bar = { time: minute, open: v, high: v, low: v, close: v };
    bar.high = Math.max(bar.high, v); bar.low = Math.min(bar.low, v); bar.close = v;
    const now = Date.now(); if (now - lastChart >= ${CHART_INTERVAL_MS}) { lastChart = now; series.update({ ...bar }); }
  };
}
document.documentElement.dataset.ready = 'true';
worker.onmessage = (e) => {
  const appliedAt = Date.now(); const batch = e.data;
  for (const t of batch) apply(t);
  snap.batches++; snap.quotes += batch.length; snap.maxQuotesPerBatch = Math.max(snap.maxQuotesPerBatch, batch.length);
  requestAnimationFrame(() => {
    worker.postMessage('painted');
    nextTask(() => {
      const at = Date.now(); if (appliedAt < started) return;
      snap.applyToPaintMs.push(at - appliedAt);
      for (const t of batch) { snap.feedToPaintMs.push(at - t[4]); snap.serverTickToPaintMs.push(at - t[3]); }
    });
  });
};
worker.postMessage({ type: 'start', codes: CODES, url: location.origin.replace(/^http/, 'ws') + '/v1/ws' });
`;

const STYLE = `
html,body{margin:0;background:#0d1117;color:#c9d1d9;font:14px system-ui,sans-serif}
.fl-title{font-size:18px;font-weight:600;padding:12px 16px;margin:0}
.row{contain:strict;height:48px;display:grid;grid-template-columns:1fr 60px 90px 70px;align-items:center;gap:8px;padding:0 16px;border-bottom:1px solid #21262d}
.px,.chg{text-align:right;font-variant-numeric:tabular-nums}.up{color:#3fb950}.dn{color:#f85149}
#price{font-size:24px;font-variant-numeric:tabular-nums;padding:0 16px 8px}#chart{height:320px}`;

export function floorHtml(screen: 'list' | 'trade'): string {
  const codes = screen === 'list' ? Array.from({ length: FLOOR_ROWS }, (_, i) => syntheticCode(i + 1)) : [BENCH_CODE];
  const body =
    screen === 'list'
      ? `<h1 class="fl-title">Market</h1><div id="list"></div>`
      : `<h1 class="fl-title">${BENCH_CODE}</h1><div id="price"></div><div id="chart"></div><script src="${FLOOR_PATH}lwc.js"></script>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>floor</title><style>${STYLE}</style></head><body>${body}<script>${PAGE(screen, codes)}</script></body></html>`;
}

let lwc: string | null = null;
function lightweightCharts(): string {
  if (lwc === null) {
    const req = createRequire(import.meta.url);
    const dir = dirname(req.resolve('lightweight-charts/package.json'));
    lwc = readFileSync(join(dir, 'dist/lightweight-charts.standalone.production.js'), 'utf8');
  }
  return lwc;
}

export async function serveFloor(route: Route): Promise<void> {
  const name = new URL(route.request().url()).pathname.slice(FLOOR_PATH.length);
  if (name === 'lwc.js')
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: lightweightCharts() });
  if (name === 'list.html' || name === 'trade.html') {
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: floorHtml(name === 'list.html' ? 'list' : 'trade'),
    });
  }
  return route.fulfill({ status: 404, body: '' });
}
