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
    for (const t of m.data) if (codes.has(t[0])) latest.set(t[0], [t[0], t[1], t[2], t[3], now, typeof t[8] === 'string' ? t[8] : t[1]]);
    if (latest.size > 0) { if (!since) since = now; pump(); }
  };
  ws.onclose = () => setTimeout(() => connect(url), 1000);
}
onmessage = (e) => {
  if (e.data.type === 'start') { codes = new Set(e.data.codes); connect(e.data.url); }
  else { inFlight = false; pump(); }
};`;

/** Same snapshot shape as bench-probe.ts, so a floor run is measured like the others. */
const PAGE = (screen: FloorScreen, codes: string[]) => `
const SCREEN = ${JSON.stringify(screen)}; const CODES = ${JSON.stringify(codes)}; const MAS = [5, 10, 20, 30];
const worker = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(FLOOR_WORKER)}], { type: 'text/javascript' })));
const ch = new MessageChannel(); const nextTasks = []; ch.port1.onmessage = () => nextTasks.shift()?.();
const nextTask = (cb) => { nextTasks.push(cb); ch.port2.postMessage(null); };
let snap, started;
const reset = () => { started = Date.now(); snap = { mode: 'floor', windowMs: 0, batches: 0, quotes: 0, maxQuotesPerBatch: 0, feedToPaintMs: [], serverTickToPaintMs: [], applyToPaintMs: [], dropped: 0 }; };
reset();
window.__twBench = { mode: () => 'floor', reset, take: () => { const out = { ...snap, windowMs: Date.now() - started }; reset(); return out; } };
const rows = new Map();
let listApply = null, tradeApply = null;
if (SCREEN !== 'trade') {
  const list = document.getElementById('list'); const dpr = devicePixelRatio || 1;
  for (const code of CODES) {
    const row = document.createElement('div'); row.className = 'row';
    row.innerHTML = '<span class="code"></span><canvas width="' + 60 * dpr + '" height="' + 24 * dpr + '"></canvas><span class="px"></span><span class="chg"></span>';
    row.querySelector('.code').textContent = code; list.appendChild(row);
    const c = row.querySelector('canvas').getContext('2d'); c.scale(dpr, dpr);
    rows.set(code, { px: row.querySelector('.px'), chg: row.querySelector('.chg'), ctx: c, pts: [] });
  }
  listApply = (t) => {
    const r = rows.get(t[0]); if (!r) return;
    if (r.px.textContent !== t[1]) r.px.textContent = t[1];
    if (r.chg.textContent !== t[2]) { r.chg.textContent = t[2]; r.chg.className = 'chg ' + (t[2].startsWith('-') ? 'dn' : 'up'); }
    r.pts.push(Number(t[1])); if (r.pts.length > ${SPARK_POINTS}) r.pts.shift();
    const p = r.pts; let lo = Infinity, hi = -Infinity; for (const v of p) { if (v < lo) lo = v; if (v > hi) hi = v; }
    const c = r.ctx; c.clearRect(0, 0, 60, 24); c.beginPath();
    for (let i = 0; i < p.length; i++) { const x = (i * 60) / (${SPARK_POINTS} - 1), y = hi > lo ? 22 - ((p[i] - lo) / (hi - lo)) * 20 : 12; if (i) c.lineTo(x, y); else c.moveTo(x, y); }
    c.strokeStyle = '#3fb950'; c.lineWidth = 1; c.stroke();
  };
}
if (SCREEN !== 'list') {
  // What the app's /trade writes per tick, each figure a text node in a fixed box: the price, its change, bid and
  // ask in the header and on the two side buttons, the submit button's ask, the ticket's margin and fee at that ask;
  // per chart update the candle, four MAs, the volume pane, the six legend values, the account strip's four figures,
  // and the open position's line: its tag's P/L per tick and its place, written when it moves (chart/order-line-layer.tsx).
  const text = (id) => { const t = document.createTextNode(''); document.getElementById(id).appendChild(t); return t; };
  const set = (node, v) => { if (node.data !== v) node.data = v; };
  const [price, change, bid, ask, spread, sideBid, sideAsk, submit] = ['price', 'chg', 'bid', 'ask', 'spread', 'side-bid', 'side-ask', 'submit'].map(text);
  const account = ['equity', 'floating', 'level', 'stop'].map(text);
  const [margin, fee, posPnl] = ['margin', 'fee', 'pos-pnl'].map(text);
  const posTag = document.querySelector('.pos');
  const legend = MAS.concat([0, 5]).map((_, i) => text('lg' + i));
  const chart = LightweightCharts.createChart(document.getElementById('chart'), { autoSize: true, layout: { background: { color: '#0d1117' }, textColor: '#c9d1d9' } });
  const series = chart.addSeries(LightweightCharts.CandlestickSeries);
  const maSeries = MAS.map(() => chart.addSeries(LightweightCharts.LineSeries, { lineWidth: 1, priceLineVisible: false, lastValueVisible: false }));
  const vol = chart.addSeries(LightweightCharts.HistogramSeries, { priceLineVisible: false }, 1);
  const volMa = chart.addSeries(LightweightCharts.LineSeries, { lineWidth: 1, priceLineVisible: false, lastValueVisible: false }, 1);
  let bar = null, lastChart = 0, opened = 0, places = 0, askLine = null, askDrawn = ''; const closes = [], vols = [];
  const mean = (a, n) => { if (a.length < n) return NaN; let s = 0; for (let i = a.length - n; i < a.length; i++) s += a[i]; return s / n; };
  const fixed = (v, d) => (Number.isNaN(v) ? '--' : v.toFixed(d));
  tradeApply = (t) => {
    if (t[0] !== ${JSON.stringify(BENCH_CODE)}) return;
    const v = Number(t[1]); const minute = Math.floor(t[3] / 60000) * 60;
    set(price, t[1]); set(bid, t[1]); set(sideBid, t[1]); set(ask, t[5]); set(sideAsk, t[5]); set(submit, t[5]); set(change, t[2]);
    set(margin, (Number(t[5]) / 100).toFixed(2)); set(fee, (Number(t[5]) / 1000).toFixed(2));
    if (bar) set(posPnl, ((v - opened) * 100).toFixed(2));
    if (!bar) {
      places = (t[1].split('.')[1] || '').length; opened = v;
      set(spread, String(Math.round((Number(t[5]) - v) * 10 ** places)));
      const hist = []; for (let i = 100; i > 0; i--) { hist.push({ time: minute - i * 60, open: v, high: v, low: v, close: v }); closes.push(v); vols.push(1); }
      series.setData(hist); series.createPriceLine({ price: v, lineStyle: 2 });
      vol.setData(hist.map((b) => ({ time: b.time, value: 1 })));
    }
    if (!bar || bar.time !== minute) { bar = { time: minute, open: v, high: v, low: v, close: v, n: 0 }; closes.push(v); vols.push(0); }
    bar.high = Math.max(bar.high, v); bar.low = Math.min(bar.low, v); bar.close = v; bar.n++;
    closes[closes.length - 1] = v; vols[vols.length - 1] = bar.n;
    const now = Date.now(); if (now - lastChart < ${CHART_INTERVAL_MS}) return;
    lastChart = now;
    series.update({ time: bar.time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
    // The desk's chart shows the ask line by default, moved with the chart's updates.
    if (SCREEN === 'desk' && t[5] !== askDrawn) {
      askDrawn = t[5];
      if (askLine) askLine.applyOptions({ price: Number(t[5]) });
      else askLine = series.createPriceLine({ price: Number(t[5]), lineStyle: 2, axisLabelVisible: true });
    }
    MAS.forEach((n, i) => { const m = mean(closes, n); if (!Number.isNaN(m)) maSeries[i].update({ time: bar.time, value: m }); set(legend[i], fixed(m, places)); });
    vol.update({ time: bar.time, value: bar.n }); set(legend[MAS.length], String(bar.n));
    const vm = mean(vols, 5); if (!Number.isNaN(vm)) volMa.update({ time: bar.time, value: vm }); set(legend[MAS.length + 1], fixed(vm, 2));
    const y = series.priceToCoordinate(opened); const top = y === null ? '' : y + 'px';
    if (posTag.style.top !== top) posTag.style.top = top;
    const pnl = (v - opened) * 100; const equity = 10000 + pnl;
    set(account[0], equity.toFixed(2)); set(account[1], pnl.toFixed(2)); set(account[2], ((equity / 50) * 100).toFixed(2) + '%'); set(account[3], (opened * 0.5).toFixed(places));
  };
}
const apply = (t) => { listApply?.(t); tradeApply?.(t); };
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
#price{font-size:24px;font-variant-numeric:tabular-nums;padding:0 16px 8px}#chart{height:320px;position:relative}
.pos{position:absolute;left:44px;z-index:3;transform:translateY(-50%);padding:0 6px;border:1px solid #f85149;background:#0d1117}
.fig{display:inline-block;vertical-align:top;contain:size layout style;inline-size:9ch;block-size:1.3em;font-variant-numeric:tabular-nums;white-space:nowrap}
.line{display:flex;flex-wrap:wrap;gap:4px 12px;padding:4px 16px}.line>span{white-space:nowrap}
.desk{display:grid;grid-template-columns:420px 1fr}`;

const fig = (id: string, label = ''): string => `<span>${label} <span class="fig" id="${id}"></span></span>`;
const TRADE_FIGURES =
  `<div id="price" class="fig"></div><div class="line">${fig('chg')}${fig('bid', 'Bid')}${fig('ask', 'Ask')}${fig('spread', 'Spread')}</div>` +
  `<div class="line">${['MA5', 'MA10', 'MA20', 'MA30'].map((l, i) => fig(`lg${i}`, l)).join('')}</div>` +
  `<div id="chart"><span class="pos">Buy 0.01 ${fig('pos-pnl')}</span></div><div class="line">${fig('lg4', 'VOL')}${fig('lg5', 'MA5')}</div>` +
  `<div class="line">${fig('equity', 'Equity')}${fig('floating', 'P&amp;L')}${fig('level', 'Level')}${fig('stop', 'Stop-out')}</div>` +
  `<div class="line"><button>Sell ${fig('side-bid')}</button><button>Buy ${fig('side-ask')}</button><button>Buy at ${fig('submit')}</button></div>` +
  `<div class="line">${fig('margin', 'Margin')}${fig('fee', 'Fee')}</div>`;

/** The desk: the list's rows beside /trade's figures, as the wide layout shows them. */
export type FloorScreen = 'list' | 'trade' | 'desk';

export function floorHtml(screen: FloorScreen): string {
  const codes = screen === 'trade' ? [BENCH_CODE] : Array.from({ length: FLOOR_ROWS }, (_, i) => syntheticCode(i + 1));
  const list = `<h1 class="fl-title">Market</h1><div id="list"></div>`;
  const trade = `<h1 class="fl-title">${BENCH_CODE}</h1>${TRADE_FIGURES}<script src="${FLOOR_PATH}lwc.js"></script>`;
  const body =
    screen === 'list'
      ? list
      : screen === 'trade'
        ? trade
        : `<div class="desk"><div>${list}</div><div>${trade}</div></div>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>floor</title><style>${STYLE}</style></head><body>${body}<script>${PAGE(screen, codes)}</script></body></html>`;
}

const FLOOR_SCREENS: readonly FloorScreen[] = ['list', 'trade', 'desk'];

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
  const screen = FLOOR_SCREENS.find((s) => name === `${s}.html`);
  if (screen) {
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: floorHtml(screen),
    });
  }
  return route.fulfill({ status: 404, body: '' });
}
