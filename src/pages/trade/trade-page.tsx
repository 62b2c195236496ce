// At ≥ 1280 px the desk layout shows the market list, chart and form side by side instead.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { $currentCode } from '../../state/market/current-code.ts';
import { $instruments } from '../../state/market/instruments.ts';
import { useWide } from '../../components/hooks/use-wide.ts';
import { useQuery } from '../../components/hooks/use-query.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { useDesk } from '../../components/hooks/desk-slot.ts';
import { AccountStrip } from './account-strip.tsx';
import { ChartPanel } from './trade-view.tsx';
import { OrderForm } from './order-ticket/order-form.tsx';
import { OneClickButtons } from './order-ticket/one-click-buttons.tsx';
import { pickInstrument } from '../../state/market/trade-state.ts';
import { browserChunkDeps, loadChunk } from '../../components/hooks/chunk-retry.ts';
import './trade-page.css';

// A chunk of its own, loaded on first opening: the phone's first frame of /trade draws none of it.
const InstrumentSheet = lazy(async () => ({
  default: await loadChunk(async () => (await import('./instrument-sheet.tsx')).InstrumentSheet, browserChunkDeps()),
}));

export function TradePage() {
  const wide = useWide();
  const Desk = useDesk();
  // /trade?code=EURUSD (a price alert's notification): that instrument, once per link.
  const asked = useQuery().get('code');
  useEffect(() => {
    if (asked) $currentCode.value = asked;
  }, [asked]);
  return wide && Desk ? <Desk /> : <TradePhone />;
}

function TradePhone() {
  useSignals();
  const { t } = useTranslation();
  const [listOpen, setListOpen] = useState(false);
  // Mounted from its first opening on, then kept: it draws nothing while closed.
  const [sheetUsed, setSheetUsed] = useState(false);
  if (listOpen && !sheetUsed) setSheetUsed(true);
  const inst = pickInstrument($instruments.value, $currentCode.value);
  const closeList = useCallback(() => setListOpen(false), []);
  const pick = useCallback((code: string) => {
    $currentCode.value = code;
    setListOpen(false);
  }, []);

  if (!inst) {
    return (
      <div className="tr-page tr-page-empty">
        <EmptyState textKey="trade.loading_instruments" />
      </div>
    );
  }
  return (
    <div className="tr-page">
      <ChartPanel inst={inst} onOpenList={() => setListOpen(true)} />
      <section className="tr-form-panel" aria-label={t('trade.order_form')}>
        <AccountStrip />
        <OneClickButtons inst={inst} variant="bar" />
        {/* Keyed by code: switching instrument starts a fresh draft at that instrument's minimum lots. */}
        <OrderForm key={inst.Code} inst={inst} phone />
      </section>
      {sheetUsed ? (
        <Suspense fallback={null}>
          <InstrumentSheet open={listOpen} activeCode={inst.Code} onPick={pick} onClose={closeList} />
        </Suspense>
      ) : null}
    </div>
  );
}
