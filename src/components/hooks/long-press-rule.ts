// One hold and tolerance for every long press, so a trader learns one gesture.

export const LONG_PRESS_MS = 500;

/** A finger that moves further than this (px) while held is scrolling or dragging, not pressing. */
export const LONG_PRESS_SLOP_PX = 10;
