// The crosshair clears when the trader is done with it (docs/screens.md "The chart"): a press outside the chart, a
// scroll that moves it, a mouse leaving it; a finger lifted from the chart keeps it (a tap's crosshair is there to read).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCrosshairOnTapOut } from '../../../../src/chart/candle-chart.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

function setUp() {
  const box = document.createElement('div');
  const inside = document.createElement('canvas');
  box.append(inside);
  const outside = document.createElement('button');
  document.body.append(box, outside);
  const chart = { clearCrosshairPosition: vi.fn() };
  const off = clearCrosshairOnTapOut(chart, box);
  return { box, inside, outside, chart, off };
}

const pointer = (type: string, pointerType: string) =>
  Object.assign(new Event(type, { bubbles: true }), { pointerType });

describe('clearCrosshairOnTapOut', () => {
  it('a press outside the chart clears it, one inside does not', () => {
    const { inside, outside, chart } = setUp();
    inside.dispatchEvent(pointer('pointerdown', 'touch'));
    expect(chart.clearCrosshairPosition).not.toHaveBeenCalled();
    outside.dispatchEvent(pointer('pointerdown', 'touch'));
    expect(chart.clearCrosshairPosition).toHaveBeenCalledTimes(1);
  });

  it('a scroll of the page and a mouse leaving clear it; a lifted finger keeps it', () => {
    const { box, chart } = setUp();
    box.dispatchEvent(pointer('pointerleave', 'touch'));
    expect(chart.clearCrosshairPosition).not.toHaveBeenCalled();
    box.dispatchEvent(pointer('pointerleave', 'mouse'));
    expect(chart.clearCrosshairPosition).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('scroll'));
    expect(chart.clearCrosshairPosition).toHaveBeenCalledTimes(2);
  });

  it('a scroll of what holds the chart clears it; a list beside it scrolling keeps it', () => {
    const { box, outside, chart } = setUp();
    outside.dispatchEvent(new Event('scroll'));
    expect(chart.clearCrosshairPosition).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('scroll'));
    expect(chart.clearCrosshairPosition).toHaveBeenCalledTimes(1);
    box.dispatchEvent(new Event('scroll'));
    expect(chart.clearCrosshairPosition).toHaveBeenCalledTimes(2);
  });

  it('stops listening when the chart goes', () => {
    const { outside, chart, off } = setUp();
    off();
    outside.dispatchEvent(pointer('pointerdown', 'mouse'));
    document.dispatchEvent(new Event('scroll'));
    expect(chart.clearCrosshairPosition).not.toHaveBeenCalled();
  });
});
