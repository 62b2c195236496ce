// /trade's per-update figures in fixed boxes (components/text/live-text.tsx `box`, live-text.css): a new figure of the
// same length writes its text node only — no attribute or style, so no style work and no layout outside the box; a
// length change writes the box's width once. The order form's figures (order-summary.tsx) are bound this way, and the
// chart's last-bar marks (chart-frames.ts) are written only when they change. Counted with a MutationObserver.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { signal } from '@preact/signals-react';
import { LiveText } from '../../../../../src/components/text/live-text.tsx';
import { OrderSummary } from '../../../../../src/pages/trade/order-ticket/order-summary.tsx';
import { markLastBar } from '../../../../../src/chart/chart-frames.ts';
import type { OrderPreview } from '../../../../../workers/protocol.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

function mount(node: React.ReactNode): void {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(node));
}

/** The mutations `change` makes under `target`, as 'characterData' or 'attributes:<name>'. */
async function mutationsOf(target: Node, change: () => void): Promise<string[]> {
  const seen: string[] = [];
  const obs = new MutationObserver((records) => {
    for (const r of records) seen.push(r.type === 'attributes' ? `attributes:${r.attributeName ?? ''}` : r.type);
  });
  obs.observe(target, { subtree: true, characterData: true, attributes: true, childList: true });
  act(change);
  await Promise.resolve();
  seen.push(
    ...obs.takeRecords().map((r) => (r.type === 'attributes' ? `attributes:${r.attributeName ?? ''}` : r.type)),
  );
  obs.disconnect();
  return seen;
}

const preview = (margin: string, fee: string): OrderPreview =>
  ({ ok: true, margin, fee, pnlAtStopProfit: null, pnlAtStopLoss: null }) as unknown as OrderPreview;

describe('a boxed LiveText', () => {
  it('sizes its box from the text and writes only the text node while the length stays', async () => {
    const $text = signal('1.08495');
    mount(<LiveText $text={$text} box />);
    const box = host.querySelector('bdi');
    expect(box?.className).toBe('num tw-live-box');
    expect(box?.style.getPropertyValue('--live-chars')).toBe('7');
    expect(await mutationsOf(host, () => ($text.value = '1.08497'))).toEqual(['characterData']);
    expect(box?.textContent).toBe('1.08497');
    // One more character: the width is written once, with the text.
    expect((await mutationsOf(host, () => ($text.value = '10.08497'))).sort()).toEqual([
      'attributes:style',
      'characterData',
    ]);
    expect(box?.style.getPropertyValue('--live-chars')).toBe('8');
  });

  it('writes its placeholder while the text is empty, so no CSS :empty rule restyles it on every write', async () => {
    const $text = signal('');
    mount(<LiveText $text={$text} box empty="--" />);
    const box = host.querySelector('bdi');
    expect(box?.textContent).toBe('--'); // no quote yet
    expect(await mutationsOf(host, () => ($text.value = '1.08'))).toEqual(['characterData', 'attributes:style']);
    expect(box?.textContent).toBe('1.08');
    act(() => void ($text.value = ''));
    expect(box?.textContent).toBe('--');
  });

  it('is not a box unless asked (other screens keep their inline figures)', () => {
    mount(<LiveText $text={signal('12.50')} />);
    const box = host.querySelector('bdi');
    expect(box?.className).toBe('num');
    expect(box?.style.getPropertyValue('--live-chars')).toBe('');
  });
});

describe("the order form's figures", () => {
  it('are boxed, and a new margin and fee of the same length write only text', async () => {
    const $preview = signal<OrderPreview | null>(preview('108.49', '0.54'));
    mount(<OrderSummary $preview={$preview} showStopProfit={false} showStopLoss={false} />);
    const boxes = [...host.querySelectorAll('bdi.tw-live-box')];
    expect(boxes.length).toBe(2);
    const before = host.querySelector('[data-field="margin"]')?.textContent;
    const seen = await mutationsOf(host, () => ($preview.value = preview('108.51', '0.55')));
    expect(new Set(seen)).toEqual(new Set(['characterData']));
    expect(host.querySelector('[data-field="margin"]')?.textContent).not.toBe(before);
    expect(host.querySelector('[data-field="margin"]')?.textContent).toContain('108.51');
  });
});

describe("the chart's last-bar marks", () => {
  it('write an attribute only when its value changes (a live bar keeps its time for a minute)', async () => {
    const box = document.createElement('div');
    markLastBar(box, 100, 60, 1.1);
    expect(await mutationsOf(box, () => markLastBar(box, null, 60, 1.2))).toEqual(['attributes:data-last-close']);
    expect(await mutationsOf(box, () => markLastBar(box, null, 60, 1.2))).toEqual([]);
    expect(box.dataset).toMatchObject({ bars: '100', lastTime: '60', lastClose: '1.2' });
  });
});
