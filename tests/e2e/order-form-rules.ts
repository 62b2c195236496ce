// What a change of the order form leaves behind, as the trading flow checks it in Chromium and Firefox
// (docs/trading.md "Stops in the form, size by risk"): ticked stops restart on the right side of the new reference
// after a change of side or kind (and after untick and tick), at 360×740 and 1280×800; a risk size above the cap is
// refused under its field and sets no lots, and a change of size mode clears the number (360×740: the same form);
// the phone's market-order confirm is in the side's colour; a pending order's expiry reads as the end of its UTC
// day. The flow runs in the default language, hk: the expected texts are hk's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { FlowPage } from './flow-page.ts';

const HK = JSON.parse(readFileSync(join(process.cwd(), 'locales', 'hk.json'), 'utf8')) as {
  trade: Record<string, string>;
};

/** hk's text of `trade.<key>` with its placeholders filled. */
export function hkText(key: string, params: Record<string, string>): string {
  return Object.entries(params).reduce((text, [k, v]) => text.replace(`{{${k}}}`, v), HK.trade[key] ?? key);
}

type Side = 'buy' | 'sell';

/**
 * What is wrong with the ticked stops for `side` against the reference (the live price of a market order, which
 * the stop boxes show as their placeholder, or a pending order's target): '' when both are on their side of it, at
 * a distance, with no message under them.
 */
async function stopsWrong(page: FlowPage, side: Side, reference: 'price' | 'target'): Promise<string> {
  // One read of the page (a round trip costs in Firefox's driver).
  const form = await page.evaluate(() => {
    const value = (sel: string) => document.querySelector<HTMLInputElement>(sel)?.value ?? '';
    return {
      sp: value('input[data-field="stop-profit"]'),
      sl: value('input[data-field="stop-loss"]'),
      price: document.querySelector('input[data-field="stop-loss"]')?.getAttribute('placeholder') ?? '',
      target: value('input[data-field="target-price"]'),
      messages: document.querySelectorAll('[data-message-for="stop-profit"], [data-message-for="stop-loss"]').length,
    };
  });
  const [sp, sl, ref] = [form.sp, form.sl, reference === 'target' ? form.target : form.price].map(Number) as [
    number,
    number,
    number,
  ];
  const ok = side === 'buy' ? sp > ref && ref > sl : sp < ref && ref < sl;
  return ok && form.messages === 0
    ? ''
    : `${side} against ${reference} ${ref}: profit ${sp}, loss ${sl}, ${form.messages} messages`;
}

async function expectStops(page: FlowPage, side: Side, reference: 'price' | 'target', step: string): Promise<void> {
  await expect.poll(() => stopsWrong(page, side, reference), { message: step }).toBe('');
}

const PROFIT_ON = '[data-field="stop-profit-on"]';
const LOSS_ON = '[data-field="stop-loss-on"]';

/** Each change, what it is clicked with, and where the ticked stops must be after it; `all`: the phone's only. */
const STOP_STEPS: ReadonlyArray<{ what: string; click: string[]; side: Side; ref: 'price' | 'target'; all?: true }> = [
  { what: 'buy, both ticked', click: [PROFIT_ON, LOSS_ON], side: 'buy', ref: 'price' },
  { what: 'market → pending', click: ['.tr-mode[data-mode="pending"]'], side: 'buy', ref: 'target' },
  { what: 'pending → market', click: ['.tr-mode[data-mode="market"]'], side: 'buy', ref: 'price' },
  { what: 'buy → sell', click: ['.tr-side[data-side="2"]'], side: 'sell', ref: 'price' },
  { what: 'stop-loss unticked, ticked again', click: [LOSS_ON, LOSS_ON], side: 'sell', ref: 'price', all: true },
  { what: 'sell: market → pending', click: ['.tr-mode[data-mode="pending"]'], side: 'sell', ref: 'target', all: true },
];

/**
 * Ticked stops restart on their side after each change of kind (market ↔ pending) and of side; `all` adds an
 * untick and tick, and the sell side's pending order (the phone runs them all; the desk, the same form in its own
 * column, the main cases). Starts and ends on a buy market order with no stops ticked (the form's start).
 */
export async function checkStops(page: FlowPage, size: string, all: boolean): Promise<void> {
  for (const step of STOP_STEPS) {
    if (step.all && !all) continue;
    for (const selector of step.click) await page.locator(selector).click();
    await expectStops(page, step.side, step.ref, `${size}: ${step.what}`);
  }
  for (const selector of [PROFIT_ON, LOSS_ON, '.tr-mode[data-mode="market"]', '.tr-side[data-side="1"]'])
    await page.locator(selector).click();
}

/**
 * Risk %: a change of size mode clears the number, and a risk above 10 % (the default cap) is refused under the
 * field and moves no lots. Starts and ends on a buy market order by lots with no stops ticked.
 */
export async function checkRiskCap(page: FlowPage, size: string): Promise<void> {
  const at = (step: string) => `${size}: ${step}`;
  await page.locator(LOSS_ON).click(); // risk is sized from the stop-loss
  const lots = page.locator('.tr-stepper input');
  const value = page.locator('input[data-field="size-value"]');
  await page.locator('[data-size="usd"]').click();
  await value.fill('10000');
  const fromUsd = await lots.inputValue();
  await page.locator('[data-size="risk"]').click();
  await expect.poll(() => value.inputValue(), { message: at('USD → risk clears the number') }).toBe('');
  // 10 % is the cap: taken, it sizes the lots from the stop-loss. 100 % then is refused and leaves them. (A driver
  // that types key by key passes through 1 and 10 on its way: both are taken, so the lots are 10 %'s either way.)
  await value.fill('10');
  await expect.poll(() => lots.inputValue(), { message: at('risk 10 % sizes the lots') }).not.toBe(fromUsd);
  const atCap = await lots.inputValue();
  expect(await page.locator('[data-message-for="size"]').count(), at('risk 10 %')).toBe(0);
  await value.fill('100');
  await expect
    .poll(() => page.locator('[data-message-for="size"]').allInnerTexts(), { message: at('risk 100 %') })
    .toEqual([hkText('size_risk_cap', { max: '10' })]);
  expect(await lots.inputValue(), at('no lots from a refused risk')).toBe(atCap);
  await page.locator('[data-size="lots"]').click();
  await page.locator(LOSS_ON).click();
}

/** The background of the open confirm's action button, and the app's up (buy) and accent colours, as computed. */
export async function confirmColours(page: FlowPage): Promise<{ confirm: string; up: string; accent: string }> {
  return page.evaluate(() => {
    const probe = (name: string): string => {
      const el = document.createElement('div');
      el.style.background = `var(${name})`;
      document.body.append(el);
      const colour = getComputedStyle(el).backgroundColor;
      el.remove();
      return colour;
    };
    const confirm = document.querySelector('.dialog .dialog__actions .btn:last-child');
    return {
      confirm: confirm ? getComputedStyle(confirm).backgroundColor : '',
      up: probe('--up'),
      accent: probe('--accent'),
    };
  });
}

/**
 * Picks "On a date (UTC)" with tomorrow (a day after the browser's today, which is the earliest the form takes) and
 * answers what the order's sheet must say it expires: hk's "end of that day (UTC)", the day as the page's Intl
 * writes it.
 */
export async function pickExpiryDate(page: FlowPage): Promise<string> {
  await page.locator('[data-expiry="date"]').click();
  await page.locator('input[data-field="expiry-date"]').waitFor();
  // Set as a date picker does (Firefox's date field takes no typed text from the driver).
  const day = await page.evaluate(() => {
    const next = new Date();
    next.setUTCDate(next.getUTCDate() + 1);
    const el = document.querySelector<HTMLInputElement>('input[data-field="expiry-date"]');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
      el,
      next.toISOString().slice(0, 10),
    );
    el?.dispatchEvent(new Event('input', { bubbles: true }));
    return new Intl.DateTimeFormat(document.documentElement.lang, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(next);
  });
  return hkText('expiry_end_of', { date: day });
}
