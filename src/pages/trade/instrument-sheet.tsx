import { useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { i18n, type TFunction } from '../../i18n/index.ts';
import { $instruments } from '../../state/market/instruments.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { Overlay, useOverlayFocus } from '../../components/overlays/overlay.tsx';
import { MarketList } from '../../components/instrument/market-list.tsx';
import { instrumentNameKey, matchesInstrument } from '../../../domain/instrument-search.ts';
import type { Instrument } from '../../../domain/types.ts';
import './instrument-sheet.css';
import { ICON_SEARCH } from '../../components/icons/first-icons.ts';
import { ICON_CLOSE } from '../../components/icons/screen-icons.ts';

// The side list's quick filter, by the one rule the server's search uses too.
/** Both answer the key itself when no name is there. */
export function matchesSearch(inst: Instrument, text: string, t: TFunction, en: TFunction): boolean {
  const key = instrumentNameKey(inst.Code);
  const names = [t(key), en(key)].filter((n) => n !== key);
  return matchesInstrument({ code: inst.Code, showCode: inst.ShowCode, names }, text);
}

export interface InstrumentSheetProps {
  open: boolean;
  activeCode: string | null;
  onPick: (code: string) => void;
  onClose: () => void;
}

export function InstrumentSheet({ open, activeCode, onPick, onClose }: InstrumentSheetProps) {
  useSignals();
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const all = $instruments.value;
  const items = useMemo(() => {
    const en = i18n.getFixedT('en');
    return all.filter((i) => matchesSearch(i, filter, t, en));
  }, [all, filter, t]);

  const panelRef = useOverlayFocus<HTMLDivElement>(open, onClose);

  // Mounted only while open: the list's rows (and their signal bindings) exist only when someone looks.
  if (!open) return null;
  return (
    <Overlay className="tr-sheet-root" onClose={onClose}>
      <div
        ref={panelRef}
        className="tr-sheet"
        role="dialog"
        aria-modal="true"
        aria-label={t('trade.all_instruments')}
        tabIndex={-1}
      >
        <div className="tr-sheet-head">
          <h2 className="tr-sheet-title">{t('trade.all_instruments')}</h2>
          <button type="button" className="tr-icon-btn" onClick={onClose} aria-label={t('trade.close')}>
            <Icon icon={ICON_CLOSE} size={20} />
          </button>
        </div>
        <label className="tr-sheet-search">
          <Icon icon={ICON_SEARCH} size={18} />
          <input
            type="search"
            value={filter}
            placeholder={t('market.search_placeholder')}
            aria-label={t('market.search_placeholder')}
            onChange={(e) => setFilter(e.target.value)}
          />
        </label>
        {items.length > 0 ? (
          <MarketList
            items={items}
            onPick={onPick}
            compact
            activeCode={activeCode}
            label={t('trade.all_instruments')}
          />
        ) : (
          <p className="tr-sheet-empty">{t('market.no_results')}</p>
        )}
      </div>
    </Overlay>
  );
}
