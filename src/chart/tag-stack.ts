// Overlapping tags would hide a P&L and take its taps (docs/screens.md "Positions and orders on the chart").

/** Heights in px in the chart box. */
export interface TagAt<T> {
  tag: T;
  y: number;
  height: number;
}

/** `near`: a neighbour is nearer than a finger's reach. */
export interface StackedTag<T> {
  tag: T;
  y: number;
  centre: number;
  near: boolean;
}

export const TAG_GAP_PX = 2;
/** candle-chart.css `.tw-oline::after`. */
export const TAG_REACH_PX = 11;

/** Below the tag above when it reaches there, else on its line; top to bottom, in the lines' order. */
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
