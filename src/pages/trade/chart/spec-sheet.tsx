// The instrument's specification (docs/retail-protection.md): every figure is the server's, asked on open.
import { useEffect, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { BottomSheet } from '../../../components/overlays/bottom-sheet.tsx';
import { $retailTerms, offeredLeverage } from '../../../state/account/retail.ts';
import { quote } from '../../../state/market/quotes.ts';
import { MAX_LOTS } from '../../../../domain/order-rules.ts';
import { FIXED_MARGIN_MODE, margin } from '../../../../domain/trade-maths.ts';
import { fixed as placesText, isDecimalText } from '../../../../domain/decimal.ts';
import { MONEY_PLACES } from '../../../../domain/numerics/places.ts';
import { lots, price } from '../../../../domain/units.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { instrumentSpec } from '../../../api/retail.ts';
import type { InstrumentSpec } from '../../../../domain/retail.ts';
import type { Instrument } from '../../../../domain/types.ts';
import { retailMargin, specTermsRows } from './spec-terms.ts';
import './spec-sheet.css';

/** Rows whose value is figures, laid out left to right (the others are words, in the page's direction). */
const FIGURES = new Set([
  'spec.contract_size',
  'spec.lot_step',
  'spec.min_lots',
  'spec.max_lots',
  'spec.leverage',
  'spec.retail_margin',
  'spec.margin_per_lot',
  'spec.fee',
  'spec.spread',
  'spec.precision',
]);

function marginPerLot(inst: Instrument, at: string, leverage: number | undefined): string {
  const fixed = inst.MarginMode === FIXED_MARGIN_MODE;
  if (!fixed && (!leverage || !isDecimalText(at))) return '--';
  const spec = { MarginMode: inst.MarginMode, ForexContNum: inst.ForexContNum, ForexFeeRate: inst.ForexFeeRate };
  return formatMoney(
    placesText(margin(spec, lots('1'), price(isDecimalText(at) ? at : '1'), leverage ?? 0), MONEY_PLACES),
  );
}

export function SpecSheet({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Kept with its instrument: the sheet reopened on another never shows the last one's terms meanwhile.
  const [loaded, setLoaded] = useState<{ id: number; spec: InstrumentSpec } | null>(null);
  const spec = loaded?.id === inst.Id ? loaded.spec : null;
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    instrumentSpec(inst.Id).then(
      (s) => live && setLoaded({ id: inst.Id, spec: s }),
      () => undefined, // offline: the sheet shows what trade_list gave
    );
    return () => {
      live = false;
    };
  }, [open, inst.Id]);
  const q = quote(inst.Code);
  const offered = offeredLeverage(inst).map((m) => m.Value);
  const terms = $retailTerms.value?.leverage.find((l) => l.instrumentId === inst.Id);
  const fixed = inst.MarginMode === FIXED_MARGIN_MODE;
  const top = offered[offered.length - 1];
  const rows: Array<[string, string]> = [
    ['spec.asset_class', terms ? t(`spec.class_${terms.asset_class}`) : '--'],
    ['spec.contract_size', inst.ForexContNum],
    ['spec.lot_step', inst.Pip],
    ['spec.min_lots', inst.ForexMinCont],
    ['spec.max_lots', MAX_LOTS],
    ['spec.margin_mode', t(fixed ? 'spec.mode_fixed' : 'spec.mode_leveraged')],
    ['spec.leverage', fixed || offered.length === 0 ? '--' : offered.map((m) => `×${m}`).join(' ')],
    ['spec.retail_margin', retailMargin(t, terms?.cap)],
    ['spec.margin_per_lot', marginPerLot(inst, q.$ask.value || q.$close.value, top)],
    ['spec.fee', inst.ForexFeeRate],
    ['spec.spread', q.$spread.value || '--'],
    ['spec.precision', String(inst.PricePrecision)],
    ...specTermsRows(t, spec),
  ];
  return (
    <>
      <button type="button" className="tr-spec-open" data-action="open-spec" onClick={() => setOpen(true)}>
        {t('spec.title')}
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} titleKey="spec.title">
        <dl className="tr-spec" data-testid="spec-sheet" data-code={inst.Code} data-terms={spec ? 'server' : 'list'}>
          {rows.map(([key, value]) => (
            <div key={key} className="tr-spec-row" data-spec={key.slice(5)}>
              <dt>{t(key)}</dt>
              <dd className={FIGURES.has(key) ? 'tw-num' : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="tr-spec-note">{t('spec.close_out')}</p>
        <p className="tr-spec-note">{t('spec.negative_balance')}</p>
      </BottomSheet>
    </>
  );
}
