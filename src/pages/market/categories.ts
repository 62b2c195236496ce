// The server translates the names, so a language switch without a reload asks for the categories again.
import { signal } from '@preact/signals-react';
import { categories } from '../../api/instruments.ts';
import { $lang } from '../../i18n/lang-signal.ts';
import type { Category, Instrument, Language } from '../../../domain/types.ts';

/** The "all" chip's id: not a real category, it shows every instrument. */
export const ALL_CATEGORIES = 0;
/** The watchlist, in the user's order. */
export const FAVOURITES = -1;

export const $categories = signal<Category[]>([], { name: 'categories.$categories' });
/** Null before the first answer. */
let namesIn: Language | null = null;
let loading: { lang: Language; done: Promise<void> } | null = null;

/** Old names stay till the answer (no jump under a finger); a stale language's answer is dropped; failures retry. */
export function loadCategories(): Promise<void> {
  const lang = $lang.peek();
  if (namesIn === lang && $categories.peek().length > 0) return Promise.resolve();
  if (loading?.lang === lang) return loading.done;
  const done = categories()
    .then((list) => {
      if ($lang.peek() !== lang) return;
      $categories.value = list;
      namesIn = lang;
    })
    .catch(() => undefined)
    .finally(() => {
      if (loading?.done === done) loading = null;
    });
  loading = { lang, done };
  return done;
}

/** Keeps the server's order. */
export function filterByCategory(list: readonly Instrument[], categoryId: number): Instrument[] {
  if (categoryId === ALL_CATEGORIES) return list.slice();
  return list.filter((i) => i.CategoryId === categoryId);
}

/** Ids of instruments not in the list (delisted) are skipped. */
export function favouriteItems(list: readonly Instrument[], ids: readonly number[]): Instrument[] {
  const byId = new Map(list.map((i) => [i.Id, i]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
