// Seeded once; at run time the database is the authority (an operator may edit it), not this file.
import type { Language } from '../../domain/types.ts';
import names from './category-names.json' with { type: 'json' };

export interface CategoryDef {
  id: number;
  sort: number;
  /** A language without a name falls back to English. */
  names: Partial<Record<Language, string>> & { en: string };
}

export const CATEGORY_FOREX = 1;
export const CATEGORY_METALS = 2;
export const CATEGORY_CRYPTO = 3;
export const CATEGORY_INDICES = 4;
export const CATEGORY_ENERGY = 5;

/** Names by category id. */
const NAMES: Readonly<Record<string, CategoryDef['names']>> = names;

export const CATEGORIES: readonly CategoryDef[] = [
  CATEGORY_FOREX,
  CATEGORY_METALS,
  CATEGORY_CRYPTO,
  CATEGORY_INDICES,
  CATEGORY_ENERGY,
].map((id, i) => {
  const named = NAMES[id];
  if (!named) throw new Error(`category-names.json: no names for category ${id}`);
  return { id, sort: i + 1, names: named };
});
