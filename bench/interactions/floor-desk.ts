// The desk's floor page: its interactions by hand under the app's selectors, prices from the render floor's worker.
import { FLOOR_WORKER } from '../render/floor-pages.ts';

export const DESK_FLOOR = 'desk-interactions.html';

export interface DeskFloorData {
  code: string;
  categories: { id: string; codes: string[] }[];
}

const SCRIPT = (data: DeskFloorData) => `
const DATA = ${JSON.stringify(data)};
const $ = (s) => document.querySelector(s);
const ROW = 56; const scroller = $('.mk-scroll'); const inner = $('#inner'); const mounted = new Map(); const last = new Map();
let codes = DATA.categories[0].codes; let current = DATA.code;
function rows() {
  const first = Math.max(0, Math.floor(scroller.scrollTop / ROW) - 2), end = Math.min(codes.length, first + Math.ceil(scroller.clientHeight / ROW) + 4);
  const keep = new Set(codes.slice(first, end));
  for (const [c, r] of mounted) if (!keep.has(c)) { r.remove(); mounted.delete(c); }
  for (let i = first; i < end; i++) { const c = codes[i]; let r = mounted.get(c);
    if (!r) { r = document.createElement('button'); r.className = 'mk-row'; r.dataset.code = c; r.innerHTML = '<span class="mk-code"></span><span class="px"></span>'; r.firstChild.textContent = c; r.lastChild.textContent = last.get(c) ?? ''; inner.appendChild(r); mounted.set(c, r); }
    r.style.top = i * ROW + 'px'; r.dataset.active = String(c === current); }
}
function category(id) { codes = DATA.categories.find((k) => k.id === id).codes; for (const [, r] of mounted) r.remove(); mounted.clear(); inner.style.height = codes.length * ROW + 'px'; scroller.scrollTop = 0; rows(); }
scroller.addEventListener('scroll', rows);
function history(code, step) { let h = 0; for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 997; const out = []; let v = 1 + h / 1000; for (let i = 0; i < 150; i++) { const o = v; v = v * (1 + Math.sin(i * 1.7 + h + step) * 0.002); out.push({ o, c: v, h: Math.max(o, v) * 1.001, l: Math.min(o, v) * 0.999 }); } return out; }
function draw(box, code) {
  const canvas = box.querySelector('canvas'), ctx = canvas.getContext('2d'), bars = history(code, 1);
  const w = box.clientWidth, h = box.clientHeight; canvas.width = w; canvas.height = h; ctx.clearRect(0, 0, w, h);
  let lo = Infinity, hi = -Infinity; for (const b of bars) { lo = Math.min(lo, b.l); hi = Math.max(hi, b.h); }
  const y = (v) => h - 8 - ((v - lo) / (hi - lo || 1)) * (h - 16), bw = w / bars.length;
  bars.forEach((b, i) => { ctx.fillStyle = b.c >= b.o ? '#3fb950' : '#f85149'; ctx.fillRect(i * bw + 1, y(Math.max(b.o, b.c)), Math.max(1, bw - 2), Math.abs(y(b.o) - y(b.c)) || 1); });
  box.dataset.code = code; box.dataset.bars = String(bars.length);
}
function pick(code) { current = code; $('.tr-head').dataset.code = code; $('.tr-head').textContent = code; $('#ticket-code').textContent = code; draw($('.tw-grid__cell[data-cell="0"] .tw-chart'), code); for (const [c, r] of mounted) r.dataset.active = String(c === code); }
const all = DATA.categories.flatMap((k) => k.codes);
for (const cell of document.querySelectorAll('.tw-grid__cell[data-cell]:not([data-cell="0"])')) {
  const sel = cell.querySelector('select'); sel.innerHTML = all.slice(0, 300).map((c) => '<option>' + c + '</option>').join('');
  sel.selectedIndex = Number(cell.dataset.cell); sel.addEventListener('change', () => draw(cell.querySelector('.tw-chart'), sel.value)); draw(cell.querySelector('.tw-chart'), sel.value);
}
document.addEventListener('click', (e) => {
  const chip = e.target.closest('.mk-chip'); if (chip) { category(chip.dataset.category); return; }
  const row = e.target.closest('.mk-row'); if (row) pick(row.dataset.code);
});
const pair = [...document.querySelectorAll('.oc-btn')]; const toasts = $('.toast-host');
addEventListener('keydown', (e) => {
  if (e.key !== 'b' || e.target.closest('input,select')) return;
  pair.forEach((b) => { b.disabled = true; });
  const t = document.createElement('button'); t.className = 'toast'; t.textContent = 'Buy ' + current + ' ' + (last.get(current) ?? ''); toasts.appendChild(t);
  pair.forEach((b) => { b.disabled = false; }); setTimeout(() => t.remove(), 2600);
});
const worker = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(FLOOR_WORKER)}], { type: 'text/javascript' })));
worker.onmessage = (e) => {
  for (const t of e.data) { last.set(t[0], t[1]); const r = mounted.get(t[0]); if (r && r.lastChild.textContent !== t[1]) r.lastChild.textContent = t[1]; }
  requestAnimationFrame(() => worker.postMessage('painted'));
};
worker.postMessage({ type: 'start', codes: all, url: location.origin.replace(/^http/, 'ws') + '/v1/ws' });
category(DATA.categories[0].id); pick(DATA.code);
document.documentElement.dataset.ready = 'true';
`;

const STYLE = `
html,body{margin:0;background:#0d1117;color:#c9d1d9;font:14px system-ui,sans-serif}
.dk{display:grid;grid-template-columns:320px 1fr 300px;height:100vh}.dk-col{overflow:hidden;display:flex;flex-direction:column}
.mk-chips{display:flex}.mk-scroll{flex:1;overflow:auto;position:relative}#inner{position:relative}
.mk-row{position:absolute;left:0;right:0;height:56px;display:flex;justify-content:space-between;align-items:center;padding:0 12px;border:0;border-bottom:1px solid #21262d;background:none;color:inherit}
.mk-row[data-active=true]{background:#1f2937}.tw-grid{flex:1;display:grid;grid-template:1fr 1fr/1fr 1fr}
.tw-grid__cell{display:flex;flex-direction:column;border:1px solid #21262d}.tw-chart{flex:1;min-height:0}.tw-chart canvas{width:100%;height:100%;display:block}
.toast-host{position:fixed;top:8px;left:50%}.oc{display:flex}.oc-btn{flex:1;min-height:40px}`;

export function deskFloorHtml(data: DeskFloorData): string {
  const chips = data.categories.map((k) => `<button class="mk-chip" data-category="${k.id}">${k.id}</button>`).join('');
  const cell = (n: number) =>
    `<section class="tw-grid__cell" data-cell="${n}">${n ? '<div class="tw-grid__head"><select data-field="grid-code"></select></div>' : ''}<div class="tw-chart"><canvas></canvas></div></section>`;
  const body = `<div class="dk"><aside class="dk-col dk-market"><div class="mk-chips">${chips}</div><div class="mk-scroll" role="list"><div id="inner"></div></div></aside>
<main class="dk-col dk-chart"><div class="tr-head"></div><div class="tw-grid">${[0, 1, 2, 3].map(cell).join('')}</div></main>
<aside class="dk-col dk-order"><div class="oc oc-bar" data-testid="one-click-bar"><button class="oc-btn oc-up">Buy</button><button class="oc-btn oc-down">Sell</button></div>
<form class="tr-form" onsubmit="return false"><p id="ticket-code"></p><input data-field="lots" value="0.01"></form></aside></div><div class="toast-host" role="alert"></div>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>desk floor</title><style>${STYLE}</style></head><body>${body}<script>${SCRIPT(data)}</script></body></html>`;
}
