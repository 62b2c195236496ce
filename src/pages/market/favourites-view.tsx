// The watchlist in the user's order, or the order editor after "edit order".
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useWide } from '../../components/hooks/use-wide.ts';
import type { Instrument } from '../../../domain/types.ts';
import { MarketList, type MarketListProps } from '../../components/instrument/market-list.tsx';
import './watchlist.css';

/** Opened on a tap, so not first-screen bytes (bench/README.md "The first screen's bytes"). */
const FavouritesOrder = lazy(() => import('./favourites-order.tsx').then((m) => ({ default: m.FavouritesOrder })));

export interface FavouritesViewProps {
  items: Instrument[];
  onPick: (code: string) => void;
  activeCode: string | null;
  scrollKey: string;
  /** The one-click buttons of the desk list, as on every other chip. */
  trailing?: MarketListProps['trailing'];
}

export function FavouritesView({ items, onPick, activeCode, scrollKey, trailing }: FavouritesViewProps): ReactElement {
  const { t } = useTranslation();
  const wide = useWide();
  const [editing, setEditing] = useState(false);
  if (items.length === 0)
    return (
      <p className="mk-empty" data-testid="favourites-empty">
        {t('watchlist.empty')}
      </p>
    );
  const ordering = editing && items.length > 1;
  return (
    <>
      {items.length > 1 ? (
        <div className="wl-bar">
          <p className="wl-hint">
            {ordering ? t(wide ? 'watchlist.order_hint_desk' : 'watchlist.order_hint_phone') : null}
          </p>
          <button
            type="button"
            className="btn btn-ghost wl-edit"
            data-action="edit-order"
            onClick={() => setEditing((e) => !e)}
          >
            {t(ordering ? 'watchlist.done' : 'watchlist.edit_order')}
          </button>
        </div>
      ) : null}
      {ordering ? (
        <Suspense fallback={null}>
          <FavouritesOrder items={items} draggable={wide} />
        </Suspense>
      ) : (
        <MarketList
          items={items}
          onPick={onPick}
          activeCode={activeCode}
          scrollKey={scrollKey}
          label={t('watchlist.favourites')}
          trailing={trailing}
        />
      )}
    </>
  );
}
