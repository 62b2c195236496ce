// The desk layout for / and /trade; picking a row switches the chart in place.
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../i18n/use-translation.ts';
import { $currentCode } from '../state/market/current-code.ts';
import { $instruments } from '../state/market/instruments.ts';
import { MarketPanel } from '../pages/market/market-panel.tsx';
import { ChartPanel } from '../pages/trade/trade-view.tsx';
import { InstrumentSheet } from '../pages/trade/instrument-sheet.tsx';
import { AccountStrip } from '../pages/trade/account-strip.tsx';
import { OrderForm } from '../pages/trade/order-ticket/order-form.tsx';
import { pickInstrument } from '../state/market/trade-state.ts';
import { afterPress } from '../state/shell/yield-task.ts';
import { OneClickButtons } from '../pages/trade/order-ticket/one-click-buttons.tsx';
import { SHORTCUT_LIST, useDeskKeys } from './trader-keys.ts';
import { $oneClick } from '../state/orders/one-click.ts';
import { Link } from 'react-router-dom';
import { BottomSheet } from '../components/overlays/bottom-sheet.tsx';
import type { Instrument } from '../../domain/types.ts';
import './wide.css';

export function DeskLayout() {
  useSignals();
  const { t } = useTranslation();
  const [listOpen, setListOpen] = useState(false);
  const inst = pickInstrument($instruments.value, $currentCode.value);
  const pick = useCallback((code: string, row?: Element) => {
    setListOpen(false);
    afterPress(row, () => ($currentCode.value = code));
  }, []);
  const closeList = useCallback(() => setListOpen(false), []);
  const [helpOpen, setHelpOpen] = useState(false);
  const closeHelp = useCallback(() => setHelpOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  useDeskKeys(root, inst, () => setHelpOpen(true));

  return (
    <div className="dk" ref={root}>
      <aside className="dk-col dk-market" aria-label={t('market.title')}>
        <MarketPanel onPick={pick} activeCode={inst?.Code ?? null} scrollKey="desk" trailing={rowPair} />
      </aside>
      <main className="dk-col dk-chart">
        {inst ? <ChartPanel inst={inst} onOpenList={() => setListOpen(true)} /> : <div className="dk-placeholder" />}
      </main>
      <aside className="dk-col dk-order" aria-label={t('trade.order_form')}>
        <AccountStrip />
        {inst ? <OneClickButtons inst={inst} variant="bar" /> : null}
        {inst ? <OrderForm key={inst.Code} inst={inst} /> : null}
        <button type="button" className="btn btn-ghost dk-help" aria-keyshortcuts="?" onClick={() => setHelpOpen(true)}>
          {t('shortcuts.open')}
        </button>
      </aside>
      <InstrumentSheet open={listOpen} activeCode={inst?.Code ?? null} onPick={pick} onClose={closeList} />
      <ShortcutsSheet open={helpOpen} onClose={closeHelp} />
    </div>
  );
}

/** Shown while the one-click setting is on. */
function rowPair(inst: Instrument, active: boolean) {
  return <OneClickButtons inst={inst} variant="row" active={active} />;
}

function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  return (
    <BottomSheet open={open} onClose={onClose} titleKey="shortcuts.title">
      <dl className="dk-keys" data-testid="shortcuts-sheet">
        {SHORTCUT_LIST.map((s) => (
          <div key={s.keys} className="dk-keys__row">
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{t(s.textKey)}</dd>
          </div>
        ))}
      </dl>
      <p className="dk-keys__note">
        {t($oneClick.value ? 'shortcuts.one_click_on' : 'shortcuts.one_click_off')}{' '}
        <Link to="/mine/system" onClick={onClose}>
          {t('prefs.title')}
        </Link>
      </p>
      <p className="dk-keys__note">{t('shortcuts.not_in_fields')}</p>
    </BottomSheet>
  );
}
