// PreviewRunner: one previewOrder in flight at most; changes meanwhile collapse into one follow-up; old answers dropped.
import { describe, expect, it, vi } from 'vitest';
import { PreviewRunner } from '../../src/pages/trade/preview-runner.ts';
import type { OrderPreview, OrderPreviewInput } from '../../workers/protocol.ts';

const input = (quantity: string): OrderPreviewInput => ({
  code: 'EURUSD',
  orderType: 1,
  quantity,
  multiple: 10,
  atPrice: null,
  stopProfit: null,
  stopLoss: null,
});

const answer = (margin: string): OrderPreview => ({
  ok: true,
  reason: null,
  price: '1',
  margin,
  fee: '0',
  pnlAtStopProfit: null,
  pnlAtStopLoss: null,
});

/** A preview function whose calls the test answers by hand. */
function manual() {
  const pending: Array<{ input: OrderPreviewInput; resolve: (p: OrderPreview) => void }> = [];
  const fn = vi.fn(
    (i: OrderPreviewInput) =>
      new Promise<OrderPreview>((resolve) => {
        pending.push({ input: i, resolve });
      }),
  );
  return { fn, pending };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('PreviewRunner', () => {
  it('keeps one call in flight and collapses a burst of changes into one follow-up', async () => {
    const { fn, pending } = manual();
    const shown: Array<string | null> = [];
    const runner = new PreviewRunner(fn, (p) => shown.push(p?.margin ?? null));

    runner.set(input('1'));
    runner.set(input('2'));
    runner.set(input('3'));
    runner.request();
    expect(fn).toHaveBeenCalledTimes(1);

    // The answer for '1' is for old inputs: not shown, and exactly one call for the newest inputs follows.
    pending[0]?.resolve(answer('m1'));
    await flush();
    expect(shown).toEqual([]);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn.mock.calls[1]?.[0].quantity).toBe('3');

    pending[1]?.resolve(answer('m3'));
    await flush();
    expect(shown).toEqual(['m3']);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('shows an answer whose inputs are current, then refreshes once if the price moved meanwhile', async () => {
    const { fn, pending } = manual();
    const shown: Array<string | null> = [];
    const runner = new PreviewRunner(fn, (p) => shown.push(p?.margin ?? null));
    runner.set(input('1'));
    runner.request();
    runner.request();
    pending[0]?.resolve(answer('a'));
    await flush();
    expect(shown).toEqual(['a']);
    expect(fn).toHaveBeenCalledTimes(2);
    pending[1]?.resolve(answer('b'));
    await flush();
    expect(shown).toEqual(['a', 'b']);
  });

  it('clears the preview for inputs that cannot be previewed, and after a failed call', async () => {
    const shown: Array<string | null> = [];
    const fn = vi.fn(async () => {
      throw new Error('feed down');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const runner = new PreviewRunner(fn, (p) => shown.push(p?.margin ?? null));
    runner.set(null);
    runner.set(input('1'));
    await flush();
    warn.mockRestore();
    expect(shown).toEqual([null, null]);
  });

  it('says nothing after dispose', async () => {
    const { fn, pending } = manual();
    const onResult = vi.fn();
    const runner = new PreviewRunner(fn, onResult);
    runner.set(input('1'));
    runner.dispose();
    pending[0]?.resolve(answer('late'));
    await flush();
    runner.request();
    expect(onResult).not.toHaveBeenCalled();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
