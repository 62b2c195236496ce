// The clicks and presses that place the trader's price line (chart-press.ts): a mouse click places it, a touch's tap
// does not, a long press does (or opens the edit sheet of the order's line under the finger), a moving finger and
// the clean-up cancel the press. The press's timer is the test's.
import { describe, expect, it, vi } from 'vitest';
import type { IChartApi, ISeriesApi, MouseEventParams } from 'lightweight-charts';
import { wirePricePress } from '../../../../src/chart/chart-press.ts';
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX } from '../../../../src/components/hooks/long-press-rule.ts';
import type { OrderLine } from '../../../../src/chart/order-lines.ts';
import type { Timers } from '../../../../src/state/shell/clock.ts';

function harness(lineAt: (y: number) => OrderLine | null = () => null) {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  const timers = {
    setTimeout: (fn: () => void, ms: number) => (pending.set(++next, { fn, ms }), next),
    clearTimeout: (h: unknown) => void pending.delete(h as number),
    setInterval: () => 0,
    clearInterval: () => undefined,
  } as unknown as Timers;
  let onClick: ((p: MouseEventParams) => void) | null = null;
  const chart = {
    subscribeClick: vi.fn((cb: (p: MouseEventParams) => void) => (onClick = cb)),
    unsubscribeClick: vi.fn(),
  } as unknown as IChartApi;
  const series = { coordinateToPrice: (y: number) => 2 - y / 100 } as unknown as ISeriesApi<'Candlestick'>;
  const box = document.createElement('div');
  const placeLine = vi.fn();
  const editLine = vi.fn();
  const off = wirePricePress({
    chart,
    series,
    box,
    timers: () => timers,
    precision: () => 2,
    lineAt,
    editLine,
    placeLine,
  });
  const pointer = (type: string, pointerType: string, x = 10, y = 50) =>
    box.dispatchEvent(Object.assign(new Event(type), { pointerType, clientX: x, clientY: y }));
  const hold = () => {
    for (const [id, t] of [...pending]) {
      pending.delete(id);
      expect(t.ms).toBe(LONG_PRESS_MS);
      t.fn();
    }
  };
  return {
    chart,
    placeLine,
    editLine,
    pointer,
    hold,
    pending,
    off,
    click: (p: unknown) => onClick?.(p as MouseEventParams),
  };
}

describe('wirePricePress', () => {
  it('places the line at a mouse click, not at a touch tap', () => {
    const h = harness();
    h.pointer('pointerdown', 'mouse');
    h.click({ point: { x: 10, y: 50 } });
    expect(h.placeLine).toHaveBeenLastCalledWith({ price: '1.50', y: 50 }, true);
    h.placeLine.mockClear();
    h.pointer('pointerdown', 'touch');
    h.click({ point: { x: 10, y: 50 } });
    expect(h.placeLine).not.toHaveBeenCalled();
  });

  it('places the line after a touch held still, and not when the finger moved away', () => {
    const h = harness();
    h.pointer('pointerdown', 'touch', 10, 50);
    h.hold();
    expect(h.placeLine).toHaveBeenLastCalledWith({ price: '1.50', y: 50 }, true);
    h.placeLine.mockClear();
    h.pointer('pointerdown', 'touch', 10, 50);
    h.pointer('pointermove', 'touch', 10, 50 + LONG_PRESS_SLOP_PX + 1);
    expect(h.pending.size).toBe(0);
    expect(h.placeLine).not.toHaveBeenCalled();
  });

  it("opens an order's edit sheet when the press holds on its line", () => {
    const line = { id: 7 } as unknown as OrderLine;
    const h = harness(() => line);
    h.pointer('pointerdown', 'touch');
    h.hold();
    expect(h.editLine).toHaveBeenCalledWith(line);
    expect(h.placeLine).not.toHaveBeenCalled();
  });

  it('cleans up: the click unsubscribed, a press under way cancelled', () => {
    const h = harness();
    h.pointer('pointerdown', 'touch');
    h.off();
    expect(h.pending.size).toBe(0);
    expect(h.chart.unsubscribeClick).toHaveBeenCalled();
  });
});
