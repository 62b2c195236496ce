// Order tags pushed apart where they would overlap (src/chart/order-line-layer.tsx, docs/screens.md "Positions and orders on
// the chart").
import { describe, expect, it } from 'vitest';
import { TAG_GAP_PX, stackTags } from '../../../../src/chart/order-line-layer.tsx';

const boxes = (placed: ReturnType<typeof stackTags<string>>, height = 22) =>
  placed.map((p) => ({ tag: p.tag, top: p.centre - height / 2, bottom: p.centre + height / 2, near: p.near }));

describe('stackTags', () => {
  it('leaves tags far apart on their lines, with their finger margins', () => {
    const placed = stackTags([
      { tag: 'b', y: 200, height: 22 },
      { tag: 'a', y: 100, height: 22 },
    ]);
    expect(placed).toEqual([
      { tag: 'a', y: 100, centre: 100, near: false },
      { tag: 'b', y: 200, centre: 200, near: false },
    ]);
  });

  it('puts a tag 7 px under another just below it, and neither keeps a margin over the other', () => {
    const placed = stackTags([
      { tag: 'upper', y: 100, height: 22 },
      { tag: 'lower', y: 107, height: 22 },
    ]);
    const [a, b] = boxes(placed);
    expect(a).toEqual({ tag: 'upper', top: 89, bottom: 111, near: true });
    expect(b?.top).toBe(111 + TAG_GAP_PX);
    expect(b?.near).toBe(true);
  });

  it('stacks a cluster of many at one price with no overlap, in order', () => {
    const placed = stackTags(Array.from({ length: 6 }, (_, i) => ({ tag: `t${i}`, y: 150 + i * 0.5, height: 24 })));
    const b = boxes(placed, 24);
    expect(b.map((x) => x.tag)).toEqual(['t0', 't1', 't2', 't3', 't4', 't5']);
    for (let i = 1; i < b.length; i++) expect(b[i]?.top).toBeGreaterThanOrEqual((b[i - 1]?.bottom ?? 0) + TAG_GAP_PX);
    expect(placed[0]?.centre).toBe(150); // the top one stays on its line
  });

  it('keeps a margin between tags far enough apart for a finger', () => {
    const placed = stackTags([
      { tag: 'a', y: 100, height: 22 },
      { tag: 'b', y: 134, height: 22 },
    ]);
    expect(placed.map((p) => [p.centre, p.near])).toEqual([
      [100, false],
      [134, false],
    ]);
  });
});
