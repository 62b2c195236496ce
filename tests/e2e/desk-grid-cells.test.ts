// The desk's 2×2 chart grid keeps every chart inside its own cell (docs/screens.md "Desk layout"), in Chromium at
// 1280×800 and on a shorter desktop (1280×720; below 1280 px wide there is no desk, so no grid): each cell's chart canvases and bars table lie inside the cell, no
// chart covers a cell's header (elementFromPoint at the header's centre finds the header), and each cell's time axis
// labels sit inside the cell. Screenshots: test-artifacts/desk-grid-cells-*.png.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, snap } from './browser.ts';
import { pageIn } from './lang-page.ts';
import { useServerAndChrome } from './server-and-chrome.ts';

const e2e = useServerAndChrome();

async function gridAt(size: { width: number; height: number }): Promise<Page> {
  const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'en', size);
  await context.addInitScript(() => localStorage.setItem('tw:desk-grid', JSON.stringify({ on: true, cells: [] })));
  await page.goto(`${e2e.server.url}/#/trade?code=EURUSD`);
  await page.waitForFunction(
    () => {
      const charts = [...document.querySelectorAll('.tw-grid__cell .tw-chart')];
      return charts.length >= 4 && charts.every((c) => Number(c.getAttribute('data-bars') ?? 0) > 50);
    },
    null,
    { timeout: 30_000 },
  );
  // The library lays its panes and axes out on its next frames: wait until every chart's table keeps its size
  // from one poll to the next.
  await page.waitForFunction(
    () => {
      const w = window as unknown as { gridSizes?: string };
      const sizes = [...document.querySelectorAll('.tw-grid__cell .tw-chart table')]
        .map((t) => `${Math.round(t.getBoundingClientRect().top)}:${Math.round(t.getBoundingClientRect().height)}`)
        .join(',');
      const steady = sizes !== '' && sizes === w.gridSizes;
      w.gridSizes = sizes;
      return steady;
    },
    null,
    { polling: 200, timeout: 20_000 },
  );
  return page;
}

/** What of each cell's chart sticks out of the cell, and which cell headers something else covers. */
function escapes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const cells = [...document.querySelectorAll<HTMLElement>('.tw-grid > .tw-grid__cell')];
    if (cells.length !== 4) out.push(`${cells.length} cells`);
    for (const cell of cells) {
      const c = cell.getBoundingClientRect();
      const name = `cell ${cell.dataset.cell ?? '?'}`;
      for (const el of cell.querySelectorAll<HTMLElement>('.tw-chart canvas, .tw-chart table')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5 || r.left < c.left - 0.5 || r.right > c.right + 0.5) {
          out.push(
            `${name} ${el.tagName} ${Math.round(r.top)}–${Math.round(r.bottom)} in ${Math.round(c.top)}–${Math.round(c.bottom)}`,
          );
        }
      }
      const head = cell.querySelector<HTMLElement>('.tw-grid__head');
      if (head) {
        const h = head.getBoundingClientRect();
        const hit = document.elementFromPoint(h.left + h.width / 2, h.top + h.height / 2);
        if (!hit || !head.contains(hit)) out.push(`${name} header covered by ${hit?.className ?? 'nothing'}`);
      }
    }
    return out;
  });
}

it('at 1280×800 every grid cell holds its chart and shows its header', async () => {
  const page = await gridAt(DESKTOP);
  await snap(page, 'desk-grid-cells-1280');
  expect(await escapes(page)).toEqual([]);
  await page.close();
}, 90_000);

it('on a shorter desktop (1280×720) every grid cell holds its chart and shows its header', async () => {
  const page = await gridAt({ width: 1280, height: 720 });
  await snap(page, 'desk-grid-cells-1280x720');
  expect(await escapes(page)).toEqual([]);
  await page.close();
}, 90_000);
