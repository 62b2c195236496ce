// An empty box lists every instrument the store has, so the page is useful before anything is typed.
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { tradeInstrument } from '../../state/market/current-code.ts';
import { $instruments } from '../../state/market/instruments.ts';
import { refreshTradeList, searchInstruments } from '../../api/instruments.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { MarketList } from '../../components/instrument/market-list.tsx';
import { SearchBox, useLatestAnswer } from './search-box.tsx';
import './product.css';
import { ICON_SEARCH } from '../../components/icons/first-icons.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export function InstrumentSearch() {
  useSignals();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { answer, searching, later, drop } = useLatestAnswer(searchInstruments, SEARCH_DEBOUNCE_MS);
  const all = $instruments.value;

  // Opened directly (not from the market): load the list so the feed knows the instruments and rows go live.
  useEffect(() => {
    if ($instruments.peek().length === 0) void refreshTradeList();
  }, []);

  const onInput = (value: string) => {
    setText(value);
    const q = value.trim();
    if (q === '') {
      // Cleared: show the full list at once and drop any answer still on its way.
      drop();
      return;
    }
    later(q);
  };

  // A failed search shows as no results (the API client has said why).
  const items = answer ? (answer.ok ? answer.value : []) : all;
  return (
    <div className="pd-page pd-page--instruments">
      <TitleBar titleKey="market.search_title" back />
      <SearchBox
        value={text}
        onInput={onInput}
        placeholderKey="market.search_placeholder"
        searching={searching}
        autoFocus
      />
      {items.length > 0 ? (
        <MarketList
          items={items}
          onPick={tradeInstrument}
          scrollKey={answer ? undefined : 'product'}
          label={t('market.search_title')}
        />
      ) : answer ? (
        <EmptyState textKey="market.no_results" icon={ICON_SEARCH} />
      ) : null}
    </div>
  );
}
