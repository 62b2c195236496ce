// Category chips' data: loaded once per session from getCategories, and the pure category filter.
import { signal } from '@preact/signals-react';
import { categories } from '../../api/instruments.ts';
import type { Category, Instrument } from '../../domain/types.ts';

/** The "all" chip's id: not a real category, it shows every instrument. */
export const ALL_CATEGORIES = 0;
/** The "favourites" chip's id (issue 25): the watchlist, in the user's order. */
export const FAVOURITES = -1;

export const $categories = signal<Category[]>([], { name: 'categories.$categories' });
let loading: Promise<void> | null = null;

/** Loads the categories once; a failure leaves the chips at "all" and is retried on the next call. */
export function loadCategories(): Promise<void> {
  if ($categories.peek().length > 0) return Promise.resolve();
  if (loading) return loading;
  loading = categories()
    .then((list) => {
      $categories.value = list;
    })
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Instruments of one category (CategoryId), or all of them for ALL_CATEGORIES. Keeps the server's order. */
export function filterByCategory(list: readonly Instrument[], categoryId: number): Instrument[] {
  if (categoryId === ALL_CATEGORIES) return list.slice();
  return list.filter((i) => i.CategoryId === categoryId);
}

/** The favourites' instruments in the watchlist's order; ids of instruments not in the list (delisted) are skipped. */
export function favouriteItems(list: readonly Instrument[], ids: readonly number[]): Instrument[] {
  const byId = new Map(list.map((i) => [i.Id, i]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
