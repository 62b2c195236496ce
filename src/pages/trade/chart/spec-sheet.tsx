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
import { formatMoney, formatDate, formatNumber } from '../../../i18n/format.ts';
import { instrumentSpec } from '../../../api/retail.ts';
import type { InstrumentSpec } from '../../../../domain/retail.ts';
import type { Instrument } from '../../../../domain/types.ts';
import './spec-sheet.css';

// The specification sheet's rows from GET /v1/api/retail/spec. Formatting only: every figure is the server's.
type Translate = (key: string, values?: Record<string, string | number>) => string;

const WEEKDAY_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** 1970-01-04 was a Sunday. */
const weekday = (day: number): string =>
  formatDate(Date.UTC(1970, 0, 4 + day, 12), { weekday: 'long', timeZone: 'UTC' });

const points = (t: Translate, n: number): string => t('spec.points_value', { points: formatNumber(n) });

function swap(t: Translate, s: InstrumentSpec, rate: string): string {
  const key = s.swap_mode === 'percent' ? 'spec.swap_percent_value' : 'spec.swap_points_value';
  return t(key, { rate: formatNumber(rate) });
}

/** In the trader's zone, placed from the next open or close the server gave. */
function hours(t: Translate, s: InstrumentSpec): string {
  if (s.always_open || s.next_change === null || s.week_open === null || s.week_close === null)
    return t('spec.hours_always');
  const length = (s.week_close - s.week_open) * 1000;
  const open = s.open ? s.next_change - length : s.next_change;
  return t('spec.hours_week', {
    open: formatDate(open, WEEKDAY_TIME),
    close: formatDate(open + length, WEEKDAY_TIME),
  });
}

function spread(t: Translate, s: InstrumentSpec): string {
  if (s.spread_rule === 'fixed') return points(t, s.spread_points);
  if (s.spread_rule === 'widen') return t('spec.spread_widen_value', { points: formatNumber(s.spread_points) });
  return t('spec.spread_none_value');
}

/** As ESMA states it: 1 / cap (×30 → 3.33 %). */
export function retailMargin(t: Translate, cap: number | null | undefined): string {
  if (cap === undefined) return '--';
  if (cap === null) return t('spec.no_cap');
  return `${formatNumber(1 / cap, { style: 'percent', maximumFractionDigits: 2 })} (×${cap})`;
}

/** In the sheet's order after the trade_list rows. */
export function specTermsRows(t: Translate, s: InstrumentSpec | null): Array<[string, string]> {
  if (!s) return [];
  const next =
    s.next_change === null
      ? t('spec.hours_always')
      : t(s.open ? 'spec.next_close_value' : 'spec.next_open_value', { at: formatDate(s.next_change) });
  return [
    ['spec.typical_spread', spread(t, s)],
    ['spec.swap_long', swap(t, s, s.swap_long)],
    ['spec.swap_short', swap(t, s, s.swap_short)],
    [
      'spec.swap_triple',
      t('spec.swap_triple_value', { day: weekday(s.swap_triple_day), time: s.swap_time, zone: s.swap_zone }),
    ],
    ['spec.hours', hours(t, s)],
    ['spec.next_change', next],
    ['spec.stop_level', s.stop_level > 0 ? points(t, s.stop_level) : t('spec.stop_level_none')],
  ];
}

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
