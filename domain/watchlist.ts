// The watchlist's shared rules: the cap and the reorder, used by the server (the account's list) and
// the app (the visitor's list in IndexedDB, and the optimistic update before the server answers).

/** At most this many favourites: a list to glance at, not a second market list (shown unvirtualised while ordering). */
export const WATCHLIST_MAX = 50;

/** The list as the server answers it: instrument ids in the user's order, and the cap. */
export interface Watchlist {
  ids: number[];
  max: number;
}

/** `ids` with `id` moved to index `to`, the others keeping their order. */
export function movedTo(ids: readonly number[], id: number, to: number): number[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(to, 0, id);
  return rest;
}
