// On a 360×740 phone, with many indicators on (MA, EMA, BOLL on the price; MACD and VOL below), every legend item
// on /trade is whole in traditional Chinese, English and Arabic, left to right and right to left (docs/screens.md "The
// chart"): no item is cut by its legend's box or the chart's, folded (one line: the items that do not fit wait, whole,
// for the toggle) or unfolded (every item shows, wrapped onto more lines). In Arabic and traditional Chinese the folded
// line cut its last value at the pane's edge. Each item reads left to right, its label before its value and a sign
// before its digits, Arabic too. An item is a Latin label and a figure in every language and the toggle an icon, so
// what a language changes is its direction and its script's font: these three cover both.
// Screenshots: test-artifacts/legend-whole-{hk,en,ar}-{folded,open}.png.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, snap } from './browser.ts';
import { pageIn } from './lang-page.ts';
import { createRealUser, seedSession } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import type { Language } from '../../domain/types.ts';
import { defaultIndicatorSettings } from '../../domain/indicators.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();

/** The default language, the master file's, and the right-to-left one. */
const WALKED: readonly Language[] = ['hk', 'en', 'ar'];

/** Each legend item that is cut, hidden behind its box, or outside the chart ('' lines none), and how many show. */
async function cutItems(page: Page): Promise<{ cut: string[]; shown: number; total: number }> {
  return page.evaluate(() => {
    const cut: string[] = [];
    let shown = 0;
    let total = 0;
    const chart = document.querySelector('.tw-chart-wrap')?.getBoundingClientRect();
    if (!chart) return { cut: ['no chart'], shown, total };
    for (const legend of document.querySelectorAll<HTMLElement>('.tw-legend')) {
      const box = legend.getBoundingClientRect();
      if (legend.scrollWidth > legend.clientWidth + 0.5) {
        cut.push(`pane ${legend.dataset.pane} ${legend.scrollWidth} > ${legend.clientWidth}`);
      }
      for (const span of legend.querySelectorAll<HTMLElement>('span')) {
        total++;
        const r = span.getBoundingClientRect();
        if (r.width === 0) continue;
        const inside = (o: DOMRect) =>
          r.left >= o.left - 0.5 && r.right <= o.right + 0.5 && r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5;
        // Wholly past the folded box's one line: not drawn (the box clips it), waiting for the toggle.
        if (r.top >= box.bottom - 0.5) continue;
        if (span.scrollWidth > span.clientWidth + 0.5 || !inside(box) || !inside(chart)) {
          cut.push(
            `"${span.textContent ?? ''}" ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)}`,
          );
        } else shown++;
      }
    }
    return { cut, shown, total };
  });
}

/** Each legend item drawn out of reading order: its value left of its label, or a sign right of its digits. */
async function misread(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const box = (node: Node, from: number, to: number): DOMRect => {
      const r = document.createRange();
      r.setStart(node, from);
      r.setEnd(node, to);
      return r.getBoundingClientRect();
    };
    for (const span of document.querySelectorAll<HTMLElement>('.tw-legend span[data-line]')) {
      const label = span.firstChild;
      const value = span.querySelector('data')?.firstChild;
      const text = value?.textContent ?? '';
      if (!label || !value || text === '') continue;
      if (box(value, 0, text.length).left < box(label, 0, (label.textContent ?? '').trimEnd().length).right - 0.5)
        out.push(`"${span.textContent ?? ''}": the value left of its label`);
      if (text.startsWith('-') && box(value, 0, 1).left > box(value, 1, 2).left)
        out.push(`"${span.textContent ?? ''}": the sign right of its digits`);
    }
    return out;
  });
}

it(
  'every legend item is whole on a 360 px phone in hk, en and ar, folded and unfolded',
  async () => {
    const found: Record<string, string[]> = {};
    const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'hk', PHONE);
    const user = await createRealUser(e2e.server);
    const s = defaultIndicatorSettings();
    for (const k of ['ma', 'ema', 'boll', 'macd', 'vol'] as const) s[k].on = true;
    const res = await fetch(`${e2e.server.url}/v1/api/chart/settings`, {
      method: 'POST',
      headers: { authorization: user.token, 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify({ indicators: s }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(1);
    await seedSession(page, e2e.server, user);
    for (const [i, lang] of WALKED.entries()) {
      // The language cookie is read at start: the app starts once per language (the first time from /healthz).
      await context.addCookies([{ name: 'lang', value: lang, url: e2e.server.url }]);
      if (i === 0) await page.goto(`${e2e.server.url}/#/trade?code=EURUSD`);
      else await page.reload(); // still on /trade?code=EURUSD
      await page.waitForFunction(() => document.documentElement.lang !== '', null, { timeout: slow(20_000) });
      await page.waitForFunction(
        () =>
          Number(document.querySelector('.tw-chart')?.getAttribute('data-bars') ?? 0) > 50 &&
          document.querySelectorAll('.tw-legend[data-pane="2"] span').length > 0 &&
          [...document.querySelectorAll('.tw-legend span')].every((el) => el.textContent !== ''),
        null,
        { timeout: slow(20_000) },
      );
      const folded = await cutItems(page);
      if (folded.cut.length > 0) found[`${lang} folded`] = folded.cut;
      // Folded, each legend still shows its first items: one line, not none.
      if (folded.shown < 3) found[`${lang} folded shows`] = [`${folded.shown} of ${folded.total}`];
      await snap(page, `legend-whole-${lang}-folded`);
      await page.locator('[data-action="legend-fold"]').click();
      await page.waitForFunction(() => document.querySelector('.tw-legends')?.getAttribute('data-open') === 'true');
      const open = await cutItems(page);
      if (open.cut.length > 0) found[`${lang} open`] = open.cut;
      // Unfolded, every label and value shows.
      if (open.shown !== open.total) found[`${lang} open shows`] = [`${open.shown} of ${open.total}`];
      // Each item is a Latin label and a figure: read left to right in every language, Arabic too.
      const order = await misread(page);
      if (order.length > 0) found[`${lang} reading order`] = order;
      await snap(page, `legend-whole-${lang}-open`);
    }
    await context.close();
    expect(found, JSON.stringify(found)).toEqual({});
  },
  slow(300_000),
);
