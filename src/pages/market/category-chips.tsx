// Horizontal category chips: "all" first, then getCategories in the server's order.
import { useTranslation } from 'react-i18next';
import { ALL_CATEGORIES } from './categories.ts';
import type { Category } from '../../domain/types.ts';

export interface CategoryChipsProps {
  items: Category[];
  selected: number;
  onSelect: (id: number) => void;
}

export function CategoryChips({ items, selected, onSelect }: CategoryChipsProps) {
  const { t } = useTranslation();
  const chips = [{ Id: ALL_CATEGORIES, NameShowTrans: t('market.all') }, ...items];
  return (
    <div className="mk-chips" role="tablist" aria-label={t('market.categories')}>
      {chips.map((c) => (
        <button
          key={c.Id}
          type="button"
          role="tab"
          aria-selected={c.Id === selected}
          className="mk-chip"
          data-category={c.Id}
          onClick={() => onSelect(c.Id)}
        >
          {c.NameShowTrans}
        </button>
      ))}
    </div>
  );
}
