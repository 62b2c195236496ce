// The whole phone home screen, and the left column of the desk layout.
import { useCallback, useDeferredValue, useEffect, useMemo, useState, lazy, Suspense, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { $instruments } from '../../state/market/instruments.ts';
import { $lang } from '../../i18n/lang-signal.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { LanguageButton } from '../../components/icons/language-button.tsx';
import { ConnBadge } from '../../components/status/conn-badge.tsx';
import { UserButton } from '../../components/icons/user-button.tsx';
import { useWide } from '../../components/hooks/use-wide.ts';
import {
  $categories,
  ALL_CATEGORIES,
  FAVOURITES,
  favouriteItems,
  filterByCategory,
  loadCategories,
} from './categories.ts';
import { Segmented } from '../../components/forms/segmented.tsx';
import type { Instrument } from '../../../domain/types.ts';
import { MarketList, type MarketListProps } from '../../components/instrument/market-list.tsx';
import './watchlist.css';
import { $watchIds, refreshWatchlist } from '../../state/market/watchlist.ts';
import '../../components/icons/icon-button.css';
import './market.css';
import { ICON_SEARCH } from '../../components/icons/first-icons.ts';

// The watchlist in the user's order, or the order editor after "edit order".
/** Opened on a tap, so not first-screen bytes (bench/README.md "The first screen's bytes"). */
const FavouritesOrder = lazy(() => import('./favourites-order.tsx').then((m) => ({ default: m.FavouritesOrder })));

export interface MarketPanelProps {
  onPick: (code: string, row?: Element) => void;
  activeCode?: string | null;
  scrollKey: string;
  /** The one-click buttons of the desk list, as on every other chip. */
  trailing?: MarketListProps['trailing'];
}

function FavouritesView({ items, ...list }: MarketPanelProps & { items: Instrument[] }): ReactElement {
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
        <MarketList items={items} {...list} label={t('watchlist.favourites')} />
      )}
    </>
  );
}

export function MarketPanel({ onPick, activeCode = null, scrollKey, trailing }: MarketPanelProps) {
  useSignals();
  const { t } = useTranslation();
  const [category, setCategory] = useState(ALL_CATEGORIES);
  // On the desk layout the navigation bar carries the connection, language and account buttons: no second copy.
  const wide = useWide();
  // Deferred: a new list renders its rows in a background pass React slices, not in the signal's synchronous update.
  const all = useDeferredValue($instruments.value);
  const cats = $categories.value;
  const favourites = category === FAVOURITES ? $watchIds.value : null;
  const items = useMemo(
    () => (favourites ? favouriteItems(all, favourites) : filterByCategory(all, category)),
    [all, category, favourites],
  );
  // Names as the server translates them, in its order.
  const chips = [
    { value: FAVOURITES, text: t('watchlist.favourites') },
    { value: ALL_CATEGORIES, text: t('market.all') },
    ...cats.map((c) => ({ value: c.Id, text: c.NameShowTrans })),
  ];
  const select = useCallback((id: number) => {
    setCategory(id);
    if (id === FAVOURITES) void refreshWatchlist(); // another device may have changed the list
  }, []);

  // The chips' names come from the server in the request's language: asked again when the language changes.
  const lang = $lang.value;
  const list = { onPick, activeCode, scrollKey: `${scrollKey}:${category}`, trailing };
  useEffect(() => {
    void loadCategories();
  }, [lang]);

  return (
    <div className="mk-panel">
      <header className="mk-head">
        <div className="mk-title-line">
          <h1 className="mk-title">{t('market.title')}</h1>
          {/* The rows show one price, the bid (a buy fills at the ask): said once here, as MT5's list does. */}
          <span className="mk-price-side" data-testid="market-price-side">
            {t('market.prices_bid')}
          </span>
        </div>
        <div className="mk-head-actions">
          {wide ? null : <ConnBadge />}
          <Link to="/product" className="icon-button" aria-label={t('market.search')} data-testid="market-search">
            <Icon icon={ICON_SEARCH} />
          </Link>
          {wide ? null : (
            <>
              <LanguageButton />
              <UserButton />
            </>
          )}
        </div>
      </header>
      {/* Always drawn: a bar appearing on getCategories' answer moved the list under a finger, and the tap missed. */}
      <Segmented
        options={chips}
        value={category}
        onChange={select}
        labelKey="market.categories"
        className="mk-chips"
        itemClassName="mk-chip tap-reach"
        dataName="category"
      />
      {favourites && all.length > 0 ? (
        <FavouritesView items={items} {...list} />
      ) : items.length > 0 ? (
        // Keyed by category: each category keeps its own scroll position.
        <MarketList key={category} items={items} {...list} label={t('market.title')} />
      ) : all.length === 0 ? (
        <div className="mk-skeleton" role="status" aria-label={t('market.loading')}>
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="mk-skeleton-row" />
          ))}
        </div>
      ) : (
        <p className="mk-empty">{t('market.empty_category')}</p>
      )}
    </div>
  );
}
