// Names as the server translates them, in its order.
import { useTranslation } from '../../i18n/use-translation.ts';
import { Segmented } from '../../components/forms/segmented.tsx';
import { ALL_CATEGORIES, FAVOURITES } from './categories.ts';
import type { Category } from '../../../domain/types.ts';

export interface CategoryChipsProps {
  items: Category[];
  selected: number;
  onSelect: (id: number) => void;
}

export function CategoryChips({ items, selected, onSelect }: CategoryChipsProps) {
  const { t } = useTranslation();
  const chips = [
    { value: FAVOURITES, text: t('watchlist.favourites') },
    { value: ALL_CATEGORIES, text: t('market.all') },
    ...items.map((c) => ({ value: c.Id, text: c.NameShowTrans })),
  ];
  return (
    <Segmented
      options={chips}
      value={selected}
      onChange={onSelect}
      labelKey="market.categories"
      className="mk-chips"
      itemClassName="mk-chip tap-reach"
      dataName="category"
    />
  );
}
