// The trading path's floor page: the same interactions by hand in plain DOM and a canvas, under the app's selectors.
import { FLOOR_WORKER } from '../render/floor-pages.ts';

export const INTERACTIONS_FLOOR = 'interactions.html';

const SCRIPT = (codes: string[]) => `
const CODES = ${JSON.stringify(codes)};
const $ = (s) => document.querySelector(s);
const show = (el, on) => { el.hidden = !on; };
const views = { market: $('#v-market'), trade: $('#v-trade'), orders: $('#v-orders') };
function go(view) { for (const [k, v] of Object.entries(views)) show(v, k === view); for (const t of document.querySelectorAll('[data-tab]')) t.setAttribute('aria-current', t.dataset.tab === view ? 'page' : 'false'); }
const list = $('#list'); const prices = new Map();
for (const c of CODES) { const r = document.createElement('div'); r.className = 'mk-row'; r.dataset.code = c; r.innerHTML = '<span></span><span class="px"></span>'; r.firstChild.textContent = c; list.appendChild(r); prices.set(c, r.lastChild); }
let last = 1;
const box = $('.tw-chart'); const canvas = box.querySelector('canvas'); const ctx = canvas.getContext('2d');
let period = '1min'; let bars = []; let offset = 0;
function history(step) { const out = []; let v = last; for (let i = 0; i < 150; i++) { const o = v; v = v * (1 + (Math.sin(i * 1.7 + step) * 0.002)); out.unshift({ o, c: v, h: Math.max(o, v) * 1.001, l: Math.min(o, v) * 0.999 }); } return out; }
function draw() {
  const dpr = devicePixelRatio || 1, w = box.clientWidth, h = box.clientHeight;
  if (canvas.width !== w * dpr) { canvas.width = w * dpr; canvas.height = h * dpr; }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0); ctx.clearRect(0, 0, w, h);
  const shown = bars.slice(Math.max(0, bars.length - 60 - offset), bars.length - offset); if (!shown.length) return;
  let lo = Infinity, hi = -Infinity; for (const b of shown) { lo = Math.min(lo, b.l); hi = Math.max(hi, b.h); }
  const y = (v) => h - 8 - ((v - lo) / (hi - lo || 1)) * (h - 16); const bw = w / shown.length;
  shown.forEach((b, i) => { ctx.fillStyle = b.c >= b.o ? '#3fb950' : '#f85149'; ctx.fillRect(i * bw + bw / 2 - 0.5, y(b.h), 1, y(b.l) - y(b.h) || 1); ctx.fillRect(i * bw + 1, y(Math.max(b.o, b.c)), bw - 2, Math.abs(y(b.o) - y(b.c)) || 1); });
  box.dataset.period = period; box.dataset.bars = String(bars.length);
}
function setPeriod(p) { period = p; offset = 0; bars = history(p === '1min' ? 1 : 60); for (const b of document.querySelectorAll('.tr-period')) b.setAttribute('aria-selected', String(b.dataset.period === p)); draw(); }
const lots = $('.tr-stepper input'); const preview = $('#preview'); let leverage = 100;
function updatePreview() { const n = Number(lots.value); preview.textContent = Number.isFinite(n) ? (n * 100000 * last / leverage).toFixed(2) : ''; }
lots.addEventListener('input', updatePreview);
const overlays = [...document.querySelectorAll('.overlay')];
const closeAll = () => overlays.forEach((o) => show(o, false));
addEventListener('keydown', (e) => { if (e.key === 'Escape') closeAll(); });
const holding = $('#holding');
function addHolding() { const r = document.createElement('div'); r.className = 'od-row'; r.dataset.status = '1'; r.textContent = CODES[0] + ' ' + lots.value + ' @ ' + last; holding.prepend(r); }
addHolding();
document.addEventListener('click', (e) => {
  const t = e.target.closest('[data-tab],.mk-row,.tr-period,.tr-side,[data-field],[data-leverage],[data-action],.od-row,.dialog .btn');
  if (!t) return;
  if (t.dataset.tab) { closeAll(); go(t.dataset.tab === 'trading' ? 'trade' : t.dataset.tab); }
  else if (t.classList.contains('mk-row')) { go('trade'); setPeriod('1min'); }
  else if (t.classList.contains('tr-period')) setPeriod(t.dataset.period);
  else if (t.classList.contains('tr-side')) for (const s of document.querySelectorAll('.tr-side')) s.setAttribute('aria-checked', String(s === t));
  else if (t.dataset.field === 'leverage') show($('#picker'), true);
  else if (t.dataset.leverage) { leverage = Number(t.dataset.leverage); closeAll(); updatePreview(); }
  else if (t.dataset.action === 'submit-order') { $('#confirm-text').textContent = 'Buy ' + CODES[0] + ' ' + lots.value; show($('#confirm'), true); }
  else if (t.dataset.action === 'view-orders') { closeAll(); go('orders'); }
  else if (t.classList.contains('od-row')) { $('#detail-text').textContent = t.textContent; show($('#detail'), true); }
  else if (t.classList.contains('btn') && t.dataset.role === 'confirm') { closeAll(); addHolding(); show($('#placed'), true); }
  else if (t.classList.contains('btn')) closeAll();
});
let dragX = null;
box.addEventListener('pointerdown', (e) => { dragX = e.clientX; box.setPointerCapture(e.pointerId); });
box.addEventListener('pointermove', (e) => { if (dragX === null) return; const d = Math.round((e.clientX - dragX) / 6); if (d) { offset = Math.max(0, Math.min(bars.length - 60, offset + d)); dragX = e.clientX; draw(); } });
box.addEventListener('pointerup', () => { dragX = null; box.dataset.dragged = String(offset); });
const worker = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(FLOOR_WORKER)}], { type: 'text/javascript' })));
worker.onmessage = (e) => {
  for (const t of e.data) { const el = prices.get(t[0]); if (el && el.textContent !== t[1]) el.textContent = t[1]; if (t[0] === CODES[0]) { last = Number(t[1]); $('#price').textContent = t[1]; } }
  requestAnimationFrame(() => worker.postMessage('painted'));
};
worker.postMessage({ type: 'start', codes: CODES, url: location.origin.replace(/^http/, 'ws') + '/v1/ws' });
go('market'); setPeriod('1min'); updatePreview();
document.documentElement.dataset.ready = 'true';
`;

const STYLE = `
html,body{margin:0;background:#0d1117;color:#c9d1d9;font:14px system-ui,sans-serif}
.mk-row,.od-row{height:48px;display:flex;justify-content:space-between;align-items:center;padding:0 16px;border-bottom:1px solid #21262d}
.tw-chart{height:300px;touch-action:none}.tw-chart canvas{width:100%;height:100%;display:block}
.tr-periods,.tr-sides,nav{display:flex}.tr-periods button,.tr-sides button,nav button{flex:1;min-height:40px}
[aria-selected=true],[aria-checked=true],[aria-current=page]{background:#1f6feb;color:#fff}
.overlay{position:fixed;z-index:2;inset:auto 0 0 0;background:#161b22;padding:16px;border-top:1px solid #30363d}
nav{position:fixed;bottom:0;left:0;right:0}main{padding-bottom:56px}`;

export function interactionsFloorHtml(codes: string[]): string {
  const periods = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week']
    .map((p) => `<button class="tr-period" role="tab" data-period="${p}">${p}</button>`)
    .join('');
  const tabs = ['orders', 'market', 'trading'].map((t) => `<button data-tab="${t}">${t}</button>`).join('');
  const body = `<main>
<section id="v-market"><h1>Market</h1><div id="list"></div></section>
<section id="v-trade" hidden><div id="price"></div><div class="tr-periods">${periods}</div><div class="tw-chart"><canvas></canvas></div>
<form class="tr-form" onsubmit="return false"><div class="tr-sides"><button type="button" class="tr-side" data-side="1">Buy</button><button type="button" class="tr-side" data-side="2">Sell</button></div>
<div class="tr-stepper"><input inputmode="decimal" value="0.1"></div><span id="preview"></span>
<button type="button" data-field="leverage">×100</button><button type="button" data-action="submit-order">Buy</button></form></section>
<section id="v-orders" hidden><div id="holding"></div></section></main>
<div class="overlay" id="picker" hidden>${[10, 50, 100, 200].map((m) => `<button data-leverage="${m}">×${m}</button>`).join('')}</div>
<div class="overlay dialog" id="confirm" hidden><p id="confirm-text"></p><div class="dialog__actions"><button class="btn">Cancel</button><button class="btn" data-role="confirm">Buy</button></div></div>
<div class="overlay dialog" id="placed" hidden><p>Placed</p><button data-action="view-orders">Orders</button></div>
<div class="overlay od-detail" id="detail" hidden><p id="detail-text"></p></div>
<nav>${tabs}</nav>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>floor</title><style>${STYLE}</style></head><body>${body}<script>${SCRIPT(codes)}</script></body></html>`;
}
