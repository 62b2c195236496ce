// Order tags at their lines' heights, pushed apart where they would overlap (docs/screens.md "Positions and orders on
// the chart"): two orders a few pips apart drew one tag over the other, hiding its P&L and taking its taps.

/** A tag to place: its line's height in the chart box (px) and the tag's own height. */
export interface TagAt<T> {
  tag: T;
  y: number;
  height: number;
}

/** Where the tag's centre goes (px), and whether a neighbour is nearer than a finger's reach of it. */
export interface StackedTag<T> {
  tag: T;
  /** The line's own height, as given. */
  y: number;
  centre: number;
  near: boolean;
}

/** The space kept between two stacked tags (px). */
export const TAG_GAP_PX = 2;
/** How far past its edge a tag takes a finger's tap (candle-chart.css `.tw-oline::after`). */
export const TAG_REACH_PX = 11;

/**
 * Each tag centred on its line, unless the tag above reaches there: then just below that one, so no tag hides another
 * and each keeps the point its line would give it when alone. Top to bottom, in the lines' order.
 */
export function stackTags<T>(tags: readonly TagAt<T>[]): StackedTag<T>[] {
  const placed: StackedTag<T>[] = [];
  let bottom = -Infinity;
  for (const t of [...tags].sort((a, b) => a.y - b.y)) {
    const top = Math.max(t.y - t.height / 2, bottom + TAG_GAP_PX);
    const near = top - bottom < TAG_REACH_PX;
    const above = placed.at(-1);
    if (near && above) above.near = true;
    placed.push({ tag: t.tag, y: t.y, centre: top + t.height / 2, near: near && above !== undefined });
    bottom = top + t.height;
  }
  return placed;
}
