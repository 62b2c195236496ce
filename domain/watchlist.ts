// The watchlist's cap and reorder, shared by the server's list and the app's (a visitor's, an optimistic update).

/** A list to glance at, not a second market list: it is shown unvirtualised while ordering. */
export const WATCHLIST_MAX = 50;

/** Instrument ids in the user's order. */
export interface Watchlist {
  ids: number[];
  max: number;
}

export function movedTo(ids: readonly number[], id: number, to: number): number[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(to, 0, id);
  return rest;
}
