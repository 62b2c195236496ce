// Shared by the phone /trade page and the desk layout's centre and right columns.
import { useSignals } from '@preact/signals-react/runtime';
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { $period } from '../../state/market/trade-state.ts';
import { shownCode } from '../../components/instrument/instrument-code.tsx';
import { useMemo, type ReactElement, useCallback, useState } from 'react';
import { Show } from '@preact/signals-react/utils';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { LiveText } from '../../components/text/live-text.tsx';
import { ConnBadge } from '../../components/status/conn-badge.tsx';
import { InstrumentLogo } from '../../components/instrument/instrument-logo.tsx';
import { rowSignals } from '../../state/market/row-signals.ts';
import { ClosedLabel } from '../../components/instrument/closed-label.tsx';
import { StaleTag } from '../../components/instrument/stale-tag.tsx';
import { useQuoteAttributes } from '../../components/instrument/use-quote-attributes.ts';
import { WatchStar } from '../../components/instrument/watch-star.tsx';
import { type Instrument, CHART_PERIODS } from '../../../domain/types.ts';
import { openAlertSheet } from '../../state/alerts/alert-sheet.ts';
import { $alerts } from '../../state/alerts/price-alerts.ts';
import './alert-bell.css';
import { ICON_BELL, ICON_CHEVRON } from '../../components/icons/screen-icons.ts';
import './instrument-header.css';
import './per-update.css';
import { QuoteSides, useSidePrice } from './quote-sides.tsx';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { $retailTerms, offeredLeverage } from '../../state/account/retail.ts';
import { quote } from '../../state/market/quotes.ts';
import { MAX_LOTS } from '../../../domain/order-rules.ts';
import { FIXED_MARGIN_MODE, margin } from '../../../domain/trade-maths.ts';
import { fixed as placesText, isDecimalText } from '../../../domain/decimal.ts';
import { MONEY_PLACES } from '../../../domain/numerics/places.ts';
import { lots, price } from '../../../domain/units.ts';
import { formatMoney, formatDate, formatNumber } from '../../i18n/format.ts';
import { instrumentSpec } from '../../api/retail.ts';
import { useLoaded } from '../../components/lists/loaded.tsx';
import type { InstrumentSpec } from '../../../domain/retail.ts';
import './spec-sheet.css';
import './period-bar.css';
import { LazyCandleChart } from '../../chart/lazy-chart.tsx';
import { $heldPositions } from '../../state/orders/position-sync.ts';
import { trailingStopLines, useChartOrders, useAlertLines } from '../../chart/chart-orders.tsx';
import { IndicatorButton } from '../../chart/indicator-button.tsx';
import { MAX_PANES } from '../../../domain/indicators.ts';
import { useWide } from '../../components/hooks/use-wide.ts';
import { ChartGrid, GridToggle } from '../../chart/chart-grid.tsx';
import { gridState } from '../../chart/chart-grid-state.ts';
import './trade-view.css';
import { NO_VALUE } from '../../../domain/format/money-text.ts';

// The specification sheet (docs/retail-protection.md): rows from GET /v1/api/retail/spec, every figure the server's.
type Translate = (key: string, values?: Record<string, string | number>) => string;

const WEEKDAY_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** The next open or close and a closure's edges: the day matters as much as the hour. */
const DAY_TIME: Intl.DateTimeFormatOptions = { ...WEEKDAY_TIME, year: 'numeric', month: 'short', day: 'numeric' };

/** 1970-01-04 was a Sunday. */
const weekday = (day: number): string =>
  formatDate(Date.UTC(1970, 0, 4 + day, 12), { weekday: 'long', timeZone: 'UTC' });

const points = (t: Translate, n: number): string => t('spec.points_value', { points: formatNumber(n) });

function swap(t: Translate, s: InstrumentSpec, rate: string): string {
  const key = s.swap_mode === 'percent' ? 'spec.swap_percent_value' : 'spec.swap_points_value';
  return t(key, { rate: formatNumber(rate) });
}

/** In the trader's zone, placed by the week's session the server gave. */
function hours(t: Translate, s: InstrumentSpec): string {
  if (s.always_open || s.session_open === null || s.session_close === null) return t('spec.hours_always');
  return t('spec.hours_week', {
    open: formatDate(s.session_open, WEEKDAY_TIME),
    close: formatDate(s.session_close, WEEKDAY_TIME),
  });
}

function spread(t: Translate, s: InstrumentSpec): string {
  if (s.spread_rule === 'fixed') return points(t, s.spread_points);
  if (s.spread_rule === 'widen') return t('spec.spread_widen_value', { points: formatNumber(s.spread_points) });
  return t('spec.spread_none_value');
}

/** As ESMA states it: 1 / cap (×30 → 3.33 %). */
export function retailMargin(t: Translate, cap: number | null | undefined): string {
  if (cap === undefined) return NO_VALUE;
  if (cap === null) return t('spec.no_cap');
  return `${formatNumber(1 / cap, { style: 'percent', maximumFractionDigits: 2 })} (×${cap})`;
}

/** In the sheet's order after the trade_list rows. */
export function specTermsRows(t: Translate, s: InstrumentSpec | null): Array<[string, string]> {
  if (!s) return [];
  const next =
    s.next_change === null
      ? t('spec.hours_always')
      : t(s.open ? 'spec.next_close_value' : 'spec.next_open_value', { at: formatDate(s.next_change, DAY_TIME) });
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
    // One row per scheduled closure, in the trader's zone (docs/market-data.md "Scheduled closures").
    ...s.closures.map((c): [string, string] => [
      'spec.closure',
      t('spec.closure_value', {
        from: formatDate(c.start, DAY_TIME),
        to: formatDate(c.end, DAY_TIME),
        reason: c.reason,
      }),
    ]),
    ['spec.stop_level', s.stop_level > 0 ? points(t, s.stop_level) : t('spec.stop_level_none')],
  ];
}

function marginPerLot(inst: Instrument, at: string, leverage: number | undefined): string {
  const fixed = inst.MarginMode === FIXED_MARGIN_MODE;
  if (!fixed && (!leverage || !isDecimalText(at))) return NO_VALUE;
  const spec = { MarginMode: inst.MarginMode, ForexContNum: inst.ForexContNum, ForexFeeRate: inst.ForexFeeRate };
  return formatMoney(
    placesText(margin(spec, lots('1'), price(isDecimalText(at) ? at : '1'), leverage ?? 0), MONEY_PLACES),
  );
}

export function SpecSheet({ inst }: { inst: Instrument }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="tr-spec-open" data-action="open-spec" onClick={() => setOpen(true)}>
        {t('spec.title')}
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} titleKey="spec.title">
        <SpecRows inst={inst} />
      </BottomSheet>
    </>
  );
}

/** Mounted only while the sheet is open; a tick rewrites its two live figures' text, re-rendering nothing. */
function SpecRows({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  // Kept with its instrument: the sheet reopened on another never shows the last one's terms meanwhile.
  const load = useCallback(() => instrumentSpec(inst.Id).then((spec) => ({ id: inst.Id, spec })), [inst.Id]);
  const loaded = useLoaded(load).data; // offline: the sheet shows what trade_list gave
  const spec = loaded?.id === inst.Id ? loaded.spec : null;
  const offered = offeredLeverage(inst).map((m) => m.Value);
  const terms = $retailTerms.value?.leverage.find((l) => l.instrumentId === inst.Id);
  const fixed = inst.MarginMode === FIXED_MARGIN_MODE;
  const top = offered[offered.length - 1];
  const $ask = useSidePrice(inst, 1);
  const live = useMemo(() => {
    const q = quote(inst.Code);
    return {
      margin: computed(() => marginPerLot(inst, $ask.value, top), { name: 'spec.$margin' }),
      spread: computed(() => q.$spread.value || NO_VALUE, { name: 'spec.$spread' }),
    };
  }, [inst, top, $ask]);
  // `true`: the value is figures, laid out left to right (the others are words, in the page's direction).
  const rows: Array<[string, string | ReadonlySignal<string>, boolean?]> = [
    ['spec.asset_class', terms ? t(`spec.class_${terms.asset_class}`) : NO_VALUE],
    ['spec.contract_size', inst.ForexContNum, true],
    ['spec.lot_step', inst.Pip, true],
    ['spec.min_lots', inst.ForexMinCont, true],
    ['spec.max_lots', MAX_LOTS, true],
    ['spec.margin_mode', t(fixed ? 'spec.mode_fixed' : 'spec.mode_leveraged')],
    ['spec.leverage', fixed || offered.length === 0 ? NO_VALUE : offered.map((m) => `×${m}`).join(' '), true],
    ['spec.retail_margin', retailMargin(t, terms?.cap), true],
    ['spec.margin_per_lot', live.margin, true],
    ['spec.fee', inst.ForexFeeRate, true],
    ['spec.spread', live.spread, true],
    ['spec.precision', String(inst.PricePrecision), true],
    ...specTermsRows(t, spec),
  ];
  return (
    <>
      <dl className="tr-spec" data-testid="spec-sheet" data-code={inst.Code} data-terms={spec ? 'server' : 'list'}>
        {rows.map(([key, value, figures], i) => (
          // Closures share a label, so the key is the row's place too.
          <div key={`${key}:${i}`} className="tr-spec-row" data-spec={key.slice(5)}>
            <dt>{t(key)}</dt>
            <dd className={figures ? 'tw-num' : undefined}>
              {typeof value === 'string' ? value : <LiveText $text={value} />}
            </dd>
          </div>
        ))}
      </dl>
      <p className="tr-spec-note">{t('spec.close_out')}</p>
      <p className="tr-spec-note">{t('spec.negative_balance')}</p>
    </>
  );
}

// Price and change are signal text nodes; colour, stale and closed state flip data attributes.
// Marked while the instrument has an alert waiting; a visitor is sent to sign in first.
export function AlertBell({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const waiting = $alerts.value?.alerts.some((a) => a.instrumentId === inst.Id && a.status === 'active') ?? false;
  return (
    <button
      type="button"
      className="al-bell"
      aria-haspopup="dialog"
      aria-label={t('alerts.open_for', { code: inst.ShowCode })}
      data-active={waiting ? 'true' : undefined}
      data-testid="alert-bell"
      onClick={() => openAlertSheet(inst)}
    >
      <Icon icon={ICON_BELL} size={20} />
    </button>
  );
}

export function InstrumentHeader({ inst, onOpenList }: { inst: Instrument; onOpenList: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const s = useMemo(() => rowSignals(inst), [inst]);
  const ref = useQuoteAttributes<HTMLDivElement>(s);

  return (
    // data-dir/-stale/-open are the binding's (useQuoteAttributes), and index.html's inline paint sets them first.
    <div ref={ref} className="tr-head" data-code={inst.Code} suppressHydrationWarning>
      <button type="button" className="tr-inst" onClick={onOpenList} aria-haspopup="dialog">
        <InstrumentLogo src={inst.Logo} label={inst.ShowCode} size={30} />
        <span className="tr-code">{shownCode(t, inst.Code, inst.ShowCode)}</span>
        {/* The name starts with the visible code (WCAG 2.5.3, label in name), then says what a tap does. */}
        <span className="visually-hidden">{t('trade.switch_instrument')}</span>
        <Icon icon={ICON_CHEVRON} size={16} className="tr-caret" />
      </button>
      <WatchStar inst={inst} />
      <AlertBell inst={inst} />
      <ConnBadge compact />
      <div className="tr-quote">
        <LiveText className="tr-price tw-num" $text={s.$price} box empty={NO_VALUE} />
        <span className="tr-change tw-num">
          <Show when={s.$open} fallback={<ClosedLabel className="tr-closed" q={s.q} />}>
            <LiveText $text={s.$change} box empty={NO_VALUE} />
          </Show>
        </span>
        <StaleTag className="tr-stale" q={s.q} />
      </div>
    </div>
  );
}

/** The centre column on the desk, the top of /trade on a phone. */
export function ChartPanel({ inst, onOpenList }: { inst: Instrument; onOpenList: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const period = $period.value;
  const held = $heldPositions.value;
  const stopLines = useMemo(() => trailingStopLines(held, inst.Id, t('orders.trailing')), [held, inst.Id, t]);
  const wide = useWide();
  const gridOn = wide && gridState().on;
  // In the grid the chart has a quarter of the column: one pane, like the other cells.
  const maxPanes = gridOn ? 1 : wide ? MAX_PANES.desk : MAX_PANES.phone;
  const orders = useChartOrders(inst);
  const alertTitle = useCallback((price: string) => t('chart_lines.alert_line', { price }), [t]);
  const alertLines = useAlertLines(inst.Id, alertTitle);
  const chartBox = (
    <div className="tr-chart-box">
      <LazyCandleChart
        code={inst.Code}
        name={inst.ShowCode}
        period={period}
        precision={inst.PricePrecision}
        stopLines={stopLines}
        onPickPrice={(price) => openAlertSheet(inst, { price })}
        maxPanes={maxPanes}
        orderLines={orders.lines}
        onLineEdit={orders.onEdit}
        onLineMove={orders.onMove}
        dragLines={wide}
        alertLines={alertLines}
      />
    </div>
  );
  return (
    <section className="tr-chart-panel">
      <InstrumentHeader inst={inst} onOpenList={onOpenList} />
      <QuoteSides inst={inst}>
        <SpecSheet inst={inst} />
      </QuoteSides>
      <div className="tr-chart-tools">
        {/* The chart period bar: 1M 5M 15M 30M 1H 4H 1D 1W → the wire periods 1min … 1week (4H and 1W). */}
        <div className="tr-periods" role="tablist" aria-label={t('trade.period')}>
          {CHART_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              className="tr-period tap-reach"
              aria-selected={p === period}
              data-period={p}
              onClick={() => {
                $period.value = p;
              }}
            >
              {t(`trade.period_${p}`)}
            </button>
          ))}
        </div>
        <IndicatorButton maxPanes={maxPanes} />
        {wide ? <GridToggle /> : null}
      </div>
      {/* On a desk the chart may be the first of a 2×2 grid of live charts. */}
      {wide ? <ChartGrid current={inst} main={chartBox} /> : chartBox}
    </section>
  );
}
