// /trade per update (bench/README.md "Per update against the floor page"): the order form's figures follow the feed's
// preview as text only. A new preview (every tick of the instrument) rewrites the figures' text nodes; no element is
// added or removed, no attribute changes while a P&L keeps its sign, and React renders nothing.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, Profiler } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { signal } from '@preact/signals-react';
import type { OrderPreview } from '../../../../../../workers/protocol.ts';

const { initI18n } = await import('../../../../../../src/i18n/index.ts');
const { OrderSummary } = await import('../../../../../../src/pages/trade/order-ticket/order-summary.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

const preview = (margin: string, fee: string, sp: string, sl: string): OrderPreview =>
  ({
    ok: true,
    reason: null,
    price: '1.1',
    margin,
    fee,
    pnlAtStopProfit: sp,
    pnlAtStopLoss: sl,
  }) as OrderPreview;

describe('OrderSummary per tick', () => {
  it('changes only the text nodes of its figures, with no React render', async () => {
    const $preview = signal<OrderPreview | null>(preview('100', '1', '5', '-5'));
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const commits: string[] = [];
    act(() =>
      root?.render(
        <Profiler id="summary" onRender={(_id, phase) => commits.push(phase)}>
          <OrderSummary $preview={$preview} showStopProfit showStopLoss />
        </Profiler>,
      ),
    );
    commits.length = 0;
    const seen: string[] = [];
    const mo = new MutationObserver((records) => records.forEach((r) => seen.push(r.type)));
    mo.observe(host, { subtree: true, childList: true, attributes: true, characterData: true });
    act(() => {
      $preview.value = preview('101.5', '1.02', '6', '-4');
    });
    act(() => {
      $preview.value = preview('102', '1.03', '7', '-3');
    });
    await Promise.resolve(); // mutation records are delivered in a microtask
    mo.disconnect();
    // Two ticks, four figures each.
    expect(seen).toEqual(Array(8).fill('characterData'));
    expect(commits).toEqual([]);
    expect(host.querySelector('[data-field="margin"]')?.textContent).toContain('102.00');
  });

  it('writes a direction attribute only when a P&L changes sign', async () => {
    const $preview = signal<OrderPreview | null>(preview('100', '1', '5', '-5'));
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root?.render(<OrderSummary $preview={$preview} showStopProfit showStopLoss />));
    const seen: string[] = [];
    const mo = new MutationObserver((records) => records.forEach((r) => seen.push(r.attributeName ?? r.type)));
    mo.observe(host, { subtree: true, attributes: true, characterData: true });
    act(() => {
      $preview.value = preview('100', '1', '-1', '-5');
    });
    await Promise.resolve();
    mo.disconnect();
    expect(seen.filter((t) => t !== 'characterData')).toEqual(['data-dir']);
  });
});
