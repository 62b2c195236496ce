// The time axis draws whole labels only (docs/screens.md "The chart"): a centred label that its canvas would cut at
// either edge ("1-01" of "11-01" at a grid cell's left edge) is skipped; every other text is drawn as asked.
import { describe, expect, it } from 'vitest';
import { fitsOnAxis, skipCutLabels } from '../../../../src/chart/whole-time-labels.ts';

/** A 2× canvas 200 device pixels wide (100 css px), drawing in css px as the library's labels do. */
function axis() {
  const drawn: string[] = [];
  const ctx = {
    canvas: { width: 200 },
    textAlign: 'center' as CanvasTextAlign,
    fillText: (text: string, x: number, _y: number) => void drawn.push(`${text}@${x}`),
    measureText: (text: string) => ({ width: text.length * 6 }) as TextMetrics,
    getTransform: () => ({ a: 2, e: 0 }) as DOMMatrix,
  };
  skipCutLabels(ctx);
  return { ctx, drawn };
}

describe('time axis labels', () => {
  it('skips a label its canvas would cut at the left or the right edge, and draws the whole ones', () => {
    const { ctx, drawn } = axis();
    ctx.fillText('11-01', 10, 5); // 30 px wide from −5: cut to "1-01"
    ctx.fillText('11-01', 15, 5); // from 0: whole
    ctx.fillText('11-16', 50, 5);
    ctx.fillText('12:00', 85, 5); // to 100: whole
    ctx.fillText('12:00', 95, 5); // to 110: cut to "12:0"
    expect(drawn).toEqual(['11-01@15', '11-16@50', '12:00@85']);
  });

  it('draws a text that is not centred as asked', () => {
    const { ctx, drawn } = axis();
    ctx.textAlign = 'left';
    ctx.fillText('2026', -3, 5);
    expect(drawn).toEqual(['2026@-3']);
  });

  it('reads the edges in device pixels through the transform', () => {
    expect(fitsOnAxis(16, 30, 'center', { a: 2, e: 0 }, 60)).toBe(false); // 2 × 31 = 62 > 60
    expect(fitsOnAxis(16, 30, 'center', { a: 1, e: 0 }, 60)).toBe(true);
    expect(fitsOnAxis(16, 30, 'center', { a: 1, e: -2 }, 60)).toBe(false); // shifted 2 px left of the edge
  });
});
