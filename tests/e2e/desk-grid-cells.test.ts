// The desk's 2×2 chart grid keeps every chart inside its own cell (docs/screens.md "Desk layout"), in Chromium at
// 1280×800 and on a shorter desktop (1280×720; below 1280 px wide there is no desk, so no grid): each cell's chart
// canvases and bars table lie inside the cell, no chart covers a cell's header (elementFromPoint at the header's
// centre finds the header), and each cell's time axis labels sit inside the cell. At 1280×800 the legends and the
// corner buttons cover no candle (read from the canvas under them), and as a cell's chart is dragged through its
// history no time label is cut at the axis's edge ("1-01" of "11-01"; the canvas's edge columns stay blank). Each
// cell's instrument select fills its header beside the period select, sized by the cell, not by its options.
// Screenshots: test-artifacts/desk-grid-cells-*.png.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, snap } from './browser.ts';
import { pageIn } from './lang-page.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { candleInkUnder, timeLabelEdgeInk } from './chart-ink.ts';
import { slow } from '../fixtures/slowness.ts';

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
    { timeout: slow(30_000) },
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
    { polling: 200, timeout: slow(20_000) },
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

/** The cell's chart dragged right in 4 px steps (older bars come in at the left, the newest go out at the right):
 * the steps at which a time label touched an edge of the axis, as "step: left/right". */
async function cutLabelsWhileDragging(page: Page, cell: number): Promise<string[]> {
  const chart = `.tw-grid__cell[data-cell="${cell}"] .tw-chart`;
  const box = await page.locator(chart).boundingBox();
  if (!box) return ['no chart'];
  const y = box.y + box.height / 3;
  let x = box.x + 20;
  const cuts: string[] = [];
  await page.mouse.move(x, y);
  await page.mouse.down();
  // 120 px: wider than the space between two labels, so labels cross both edges.
  for (let step = 0; step < 30; step++) {
    x += 4;
    await page.mouse.move(x, y);
    const ink = await timeLabelEdgeInk(page, chart);
    if (ink !== '0/0') cuts.push(`${step}: ${ink}`);
  }
  await page.mouse.up();
  return cuts;
}

/**
 * The grid's instrument selects whose width follows their options: each must fill its header beside the period
 * select, whatever its longest option (an auto-width select of thousands of options is laid out anew on each pick).
 */
function codeSelectsSizedByOptions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLSelectElement>('.tw-grid__head select[data-field="grid-code"]')].flatMap((s) => {
      const head = s.parentElement;
      const period = head?.querySelector<HTMLElement>('select[data-field="grid-period"]');
      if (!head || !period) return [`${s.id}: no header or period select`];
      const style = getComputedStyle(head);
      const room =
        head.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        parseFloat(style.columnGap) -
        period.getBoundingClientRect().width;
      const width = s.getBoundingClientRect().width;
      return Math.abs(width - room) <= 1 ? [] : [`${s.value}: ${width.toFixed(1)} px of ${room.toFixed(1)}`];
    }),
  );
}

it(
  'at 1280×800 every grid cell holds its chart and shows its header; no legend covers a candle, no label is cut',
  async () => {
    const page = await gridAt(DESKTOP);
    await snap(page, 'desk-grid-cells-1280');
    expect(await escapes(page)).toEqual([]);
    expect(await codeSelectsSizedByOptions(page)).toEqual([]);
    expect(
      await candleInkUnder(page, '.tw-grid__cell', '.tw-legend span, .tw-legend-fold, .tw-chart-text__open'),
    ).toEqual([]);
    expect(await cutLabelsWhileDragging(page, 3)).toEqual([]);
    await snap(page, 'desk-grid-cells-1280-dragged');
    await page.close();
  },
  slow(90_000),
);

it(
  'on a shorter desktop (1280×720) every grid cell holds its chart and shows its header',
  async () => {
    const page = await gridAt({ width: 1280, height: 720 });
    await snap(page, 'desk-grid-cells-1280x720');
    expect(await escapes(page)).toEqual([]);
    await page.close();
  },
  slow(90_000),
);
