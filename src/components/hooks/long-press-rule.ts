// When a held touch is a long press, for every part of the app that acts on one (a market row's alert, the chart's
// price line, an order line's edit sheet): the same hold and the same tolerance everywhere, so a trader learns one
// gesture. The platforms' own context-menu delay is about this long.

/** How long a touch is held before it is a long press. */
export const LONG_PRESS_MS = 500;

/** A finger that moves further than this (px) while held is scrolling or dragging, not pressing. */
export const LONG_PRESS_SLOP_PX = 10;
