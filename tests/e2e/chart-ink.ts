// What a lightweight-charts chart drew, read from its canvases in the page (the library draws on canvas, so the DOM
// cannot tell): candle colours under an overlay (a legend, a chip), a time label cut at the time axis's edge, and the
// crosshair. The library's table: one row per pane and the time axis as the last row; in each cell a lower canvas
// (what is drawn: candles, labels) and an upper one (the crosshair and its labels).
import type { Page } from 'playwright-core';

/**
 * Pixels of the candles' colours (`--up`, `--down`) on the chart's pane canvases under each element matching
 * `overlays` inside `root`, clipped to the element's clipping ancestor (a folded legend hides its second line), as
 * "what: n" for each element with any. `across`: in the element's whole strip, the plot's width at its height (a
 * margin kept for it holds no candle anywhere, not only where it happens to sit).
 */
export function candleInkUnder(page: Page, root: string, overlays: string, across = false): Promise<string[]> {
  return page.evaluate(
    ([rootSel, overlaySel, wide]) => {
      const probe = document.createElement('canvas').getContext('2d');
      const rgb = (name: string): number[] => {
        if (!probe) return [0, 0, 0];
        probe.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
        const hex = String(probe.fillStyle);
        return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      };
      const tones = [rgb('--up'), rgb('--down')];
      const near = (d: Uint8ClampedArray, i: number) =>
        tones.some((c) => c.reduce((sum, v, k) => sum + Math.abs((d[i + k] ?? 0) - v), 0) < 24);
      const out: string[] = [];
      for (const scope of document.querySelectorAll<HTMLElement>(rootSel)) {
        const rows = [...scope.querySelectorAll('.tw-chart table tr')];
        // Each pane's drawing canvas (the time axis, the last row, is not a pane).
        const panes = rows.slice(0, -1).flatMap((r) => {
          const c = r.querySelectorAll('td')[1]?.querySelector('canvas');
          return c ? [c] : [];
        });
        for (const el of scope.querySelectorAll<HTMLElement>(overlaySel)) {
          let box = el.getBoundingClientRect();
          const clip = el.parentElement?.closest<HTMLElement>('.tw-legend');
          if (clip) {
            const c = clip.getBoundingClientRect();
            box = new DOMRect(box.left, box.top, box.width, Math.max(0, Math.min(box.bottom, c.bottom) - box.top));
          }
          if (box.width === 0 || box.height === 0) continue;
          let n = 0;
          for (const canvas of panes) {
            const r = canvas.getBoundingClientRect();
            const left = wide ? r.left : Math.max(r.left, box.left);
            const right = wide ? r.right : Math.min(r.right, box.right);
            const top = Math.max(r.top, box.top);
            const bottom = Math.min(r.bottom, box.bottom);
            if (right - left < 1 || bottom - top < 1) continue;
            const k = canvas.width / r.width;
            const data = canvas
              .getContext('2d')
              ?.getImageData(
                Math.floor((left - r.left) * k),
                Math.floor((top - r.top) * k),
                Math.ceil((right - left) * k),
                Math.ceil((bottom - top) * k),
              ).data;
            for (let i = 0; data && i < data.length; i += 4) if (near(data, i)) n++;
          }
          if (n > 2) out.push(`${el.className || el.tagName} "${el.textContent ?? ''}": ${n}`);
        }
      }
      return out;
    },
    [root, overlays, across] as const,
  );
}

/**
 * Label pixels in the first and last device-pixel columns of the time axis of the chart `chart` (a label cut at an
 * edge leaves some; a whole one none), after the library's next two frames: "left/right".
 */
export function timeLabelEdgeInk(page: Page, chart: string): Promise<string> {
  return page.evaluate(async (sel) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const rows = document.querySelectorAll(`${sel} table tr`);
    const axis = rows[rows.length - 1]?.querySelectorAll('td')[1]?.querySelector('canvas');
    const ctx = axis?.getContext('2d');
    if (!axis || !ctx) return 'no axis';
    const h = axis.height;
    const bg = ctx.getImageData(Math.floor(axis.width / 2), h - 1, 1, 1).data;
    const ink = (x: number) => {
      // Below the axis's top border.
      const d = ctx.getImageData(x, 3, 1, h - 3).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) {
        if ([0, 1, 2].reduce((sum, k) => sum + Math.abs((d[i + k] ?? 0) - (bg[k] ?? 0)), 0) > 60) n++;
      }
      return n;
    };
    return `${ink(0)}/${ink(axis.width - 1)}`;
  }, chart);
}

/**
 * Pixels drawn on the upper canvases of the axes of the chart `chart`: the crosshair's price and time labels, which
 * show whenever it does (the panes' upper canvases also carry the price lines' titles, so they are not read).
 */
export function crosshairInk(page: Page, chart: string): Promise<number> {
  return page.evaluate(async (sel) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const rows = [...document.querySelectorAll(`${sel} table tr`)];
    let n = 0;
    rows.forEach((row, i) => {
      [...row.querySelectorAll('td')].forEach((cell, j) => {
        if (i < rows.length - 1 && j === 1) return; // a pane
        const top = cell.querySelector(':scope > div')?.querySelectorAll('canvas')[1];
        const ctx = top?.getContext('2d');
        if (!top || !ctx || top.width === 0 || top.height === 0) return;
        const d = ctx.getImageData(0, 0, top.width, top.height).data;
        for (let k = 3; k < d.length; k += 4) if ((d[k] ?? 0) > 0) n++;
      });
    });
    return n;
  }, chart);
}
