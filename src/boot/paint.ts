// index.html's inline script, the DOM half (src/boot/inline-paint.ts runs it): shows the prerendered screen the hash
// asks for, or the plain start-up shell, and paints the last-known quotes (last-known.ts) into the prerendered rows
// and /trade header with their age, marked stale, as the app itself marks them (data-stale, the clock tag). What it
// writes is what React's LiveText adopts when it attaches, so nothing blinks (src/components/text/live-text.tsx).
import { firstScreenFor, hashCode } from './first-screen.ts';
import { asOfTime, type LastKnownQuote } from './last-known.ts';
import { SHELL_TEMPLATE_ID, TRADE_TEMPLATE_ID, type BootData } from './boot-data.ts';

export interface ScreenEnv {
  hash: string;
  wide: boolean; // the desk layout: not prerendered
  langCookie: string | null; // the `lang` cookie: another language than the one drawn shows the shell instead
  storedCode: string | null; // the /trade instrument a reload reopens (localStorage tw:current-code)
}

function templateHtml(doc: Document, id: string): string | null {
  const t = doc.getElementById(id);
  return t?.tagName === 'TEMPLATE' ? t.innerHTML : null;
}

/**
 * Puts the right first screen into #root: the market list as index.html has it, /trade from its template (its header
 * switched to the stored instrument), or the start-up shell. Sets root.dataset.pre to the screen shown ('' for none)
 * and root.dataset.code to /trade's instrument.
 */
export function chooseScreen(doc: Document, root: HTMLElement, data: BootData, env: ScreenEnv): void {
  const screen = firstScreenFor(env.hash);
  const otherLang =
    env.langCookie !== null && env.langCookie !== '' && env.langCookie !== data.lang && env.langCookie !== 'tw';
  if (screen === null || env.wide || otherLang) {
    root.innerHTML = templateHtml(doc, SHELL_TEMPLATE_ID) ?? '';
    root.dataset.pre = '';
    return;
  }
  root.dataset.pre = screen;
  if (screen !== '/trade') return;
  root.innerHTML = templateHtml(doc, TRADE_TEMPLATE_ID) ?? '';
  // The link's instrument first (the app switches to it, trade-page.tsx), else the one a reload reopens.
  const inst = [hashCode(env.hash), env.storedCode]
    .map((code) => data.catalogue.find((i) => i.Code === code))
    .find((i) => i !== undefined);
  root.dataset.code = inst ? inst.Code : data.tradeCode;
  const head = root.querySelector<HTMLElement>('.tr-head');
  if (!inst || !head || inst.Code === data.tradeCode) return;
  // Another instrument than the one drawn: its name and logo, so its last-known price is not shown under another's.
  head.dataset.code = inst.Code;
  const code = head.querySelector('.tr-code');
  if (code) code.textContent = inst.ShowCode;
  head.querySelector('img')?.setAttribute('src', inst.Logo);
}

function write(el: Element | null, text: string): void {
  const box = el?.querySelector('bdi');
  if (!box || text === '') return;
  box.textContent = text;
  // LiveText's fixed box (live-text.css) is as wide as its characters: a figure's count, twice that for a label
  // (a closed market's word in any script), as LiveText writes it once it attaches.
  if (box.classList.contains('tw-live-box'))
    box.style.setProperty(
      '--live-chars',
      String(Math.max(2, /^[\d.,+\-%]*$/.test(text) ? text.length : text.length * 2)),
    );
}

/** Removes what only the inline paint marks (the age of a served quote): the app's own binding marks it from here on. */
export function clearPaintMarks(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('.mk-row[data-aged], .tr-head[data-aged]'))
    delete el.dataset.aged;
}

/** Writes each quote into the element that shows its code (a row, the /trade header); returns how many it painted. */
export function paintQuotes(root: ParentNode, quotes: readonly LastKnownQuote[], now: number, data: BootData): number {
  const byCode = new Map(quotes.map((q) => [q.code, q]));
  let painted = 0;
  for (const el of root.querySelectorAll<HTMLElement>('.mk-row[data-code], .tr-head[data-code]')) {
    const q = byCode.get(el.dataset.code ?? '');
    if (!q) continue;
    // A stored quote is stale (state absent); a served one is as the server saw it (first-quotes.ts).
    const state = q.state ?? 'stale';
    const off = state === 'closed' || state === 'halted';
    write(el.querySelector('.mk-price, .tr-price'), q.price);
    const label = state === 'halted' ? data.halted : state === 'closed' ? data.closed : undefined;
    write(el.querySelector('.mk-change-text, .tr-change'), off && label ? label : q.change);
    // Always with its age; stale until a live quote replaces it: the app's own marking (market.css,
    // instrument-header.css). A served quote that was live is marked by its age only (data-aged).
    write(el.querySelector('[data-field="as-of"]'), data.asOf.replace('{{time}}', asOfTime(q.time, now, data.tag)));
    el.dataset.dir = off ? 'flat' : q.dir;
    el.dataset.stale = state === 'stale' ? 'true' : 'false';
    el.dataset.open = off ? 'false' : 'true';
    if (q.state !== undefined) el.dataset.aged = 'true';
    painted++;
  }
  return painted;
}
