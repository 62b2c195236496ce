// The whole phone home screen, and the left column of the desk layout.
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
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
import { CategoryChips } from './category-chips.tsx';
import { MarketList, type MarketListProps } from '../../components/instrument/market-list.tsx';
import { FavouritesView } from './favourites-view.tsx';
import { $watchIds, refreshWatchlist } from '../../state/market/watchlist.ts';
import '../../components/icons/icon-button.css';
import './market.css';
import { ICON_SEARCH } from '../../components/icons/first-icons.ts';

export interface MarketPanelProps {
  onPick: (code: string) => void;
  activeCode?: string | null;
  scrollKey: string;
  trailing?: MarketListProps['trailing'];
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
  const select = useCallback((id: number) => {
    setCategory(id);
    if (id === FAVOURITES) void refreshWatchlist(); // another device may have changed the list
  }, []);

  // The chips' names come from the server in the request's language: asked again when the language changes.
  const lang = $lang.value;
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
      <CategoryChips items={cats} selected={category} onSelect={select} />
      {favourites && all.length > 0 ? (
        <FavouritesView
          items={items}
          onPick={onPick}
          activeCode={activeCode}
          scrollKey={`${scrollKey}:${category}`}
          trailing={trailing}
        />
      ) : items.length > 0 ? (
        // Keyed by category: each category keeps its own scroll position.
        <MarketList
          key={category}
          items={items}
          onPick={onPick}
          activeCode={activeCode}
          scrollKey={`${scrollKey}:${category}`}
          label={t('market.title')}
          trailing={trailing}
        />
      ) : all.length === 0 ? (
        <MarketSkeleton />
      ) : (
        <p className="mk-empty">{t('market.empty_category')}</p>
      )}
    </div>
  );
}

function MarketSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mk-skeleton" role="status" aria-label={t('market.loading')}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="mk-skeleton-row" />
      ))}
    </div>
  );
}
