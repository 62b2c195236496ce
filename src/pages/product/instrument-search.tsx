// /product outside the main site: instrument search. Typing is debounced, then trade_list?searchCurrency= answers; a tap opens /trade.
// An empty box lists every instrument the store has, so the page is useful before anything is typed.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { $currentCode } from '../../state/current-code.ts';
import { $instruments } from '../../state/instruments.ts';
import { browserTimers } from '../../state/clock.ts';
import { navigateTo } from '../../state/navigator.ts';
import { refreshTradeList, searchInstruments } from '../../api/market.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Icon } from '../../components/icons.tsx';
import { MarketList } from '../market/market-list.tsx';
import { debouncer } from './debounce.ts';
import type { Instrument } from '../../domain/types.ts';
import './product.css';

export const SEARCH_DEBOUNCE_MS = 300;

type Result = { text: string; items: Instrument[] } | null;

export function InstrumentSearch() {
  useSignals();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [result, setResult] = useState<Result>(null);
  const [searching, setSearching] = useState(false);
  const seq = useRef(0);
  const debounce = useMemo(() => debouncer(browserTimers, SEARCH_DEBOUNCE_MS), []);
  const all = $instruments.value;

  useEffect(() => () => debounce.cancel(), [debounce]);

  // Opened directly (not from the market): load the list so the feed knows the instruments and rows go live.
  useEffect(() => {
    if ($instruments.peek().length === 0) void refreshTradeList();
  }, []);

  const search = useCallback((q: string) => {
    const mine = ++seq.current;
    setSearching(true);
    searchInstruments(q)
      .then((items) => {
        if (mine === seq.current) setResult({ text: q, items });
      })
      .catch(() => {
        if (mine === seq.current) setResult({ text: q, items: [] });
      })
      .finally(() => {
        if (mine === seq.current) setSearching(false);
      });
  }, []);

  const onInput = (value: string) => {
    setText(value);
    const q = value.trim();
    if (q === '') {
      // Cleared: show the full list at once and drop any answer still on its way.
      debounce.cancel();
      seq.current++;
      setResult(null);
      setSearching(false);
      return;
    }
    debounce.run(() => search(q));
  };

  const pick = useCallback((code: string) => {
    $currentCode.value = code;
    navigateTo('/trade');
  }, []);

  const items = result ? result.items : all;
  return (
    <div className="pd-page">
      <TitleBar titleKey="market.search_title" back />
      <div className="pd-search">
        <label className="pd-box">
          <Icon name="search" size={18} />
          <input
            type="search"
            value={text}
            autoFocus
            enterKeyHint="search"
            placeholder={t('market.search_placeholder')}
            aria-label={t('market.search_placeholder')}
            onChange={(e) => onInput(e.target.value)}
          />
          {searching ? <Spinner size={16} /> : null}
        </label>
      </div>
      {items.length > 0 ? (
        <MarketList items={items} onPick={pick} scrollKey={result ? undefined : 'product'} label={t('market.search_title')} />
      ) : result ? (
        <EmptyState textKey="market.no_results" icon="search" />
      ) : null}
    </div>
  );
}
