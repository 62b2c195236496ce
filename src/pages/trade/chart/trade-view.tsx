// Shared by the phone /trade page and the desk layout's centre and right columns.
import { useSignals } from '@preact/signals-react/runtime';
import { $period } from '../../../state/market/trade-state.ts';
import { InstrumentHeader } from './instrument-header.tsx';
import { QuoteSides } from './quote-sides.tsx';
import { SpecSheet } from './spec-sheet.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { CHART_PERIODS, type Period, type Instrument } from '../../../../domain/types.ts';
import './period-bar.css';
import { LazyCandleChart } from '../../../chart/lazy-chart.tsx';
import { useCallback, useMemo } from 'react';
import { $heldPositions } from '../../../state/orders/position-sync.ts';
import { trailingStopLines } from '../../../chart/stop-line-data.ts';
import { openAlertSheet } from '../../../state/alerts/alert-sheet.ts';
import { IndicatorButton } from '../../../chart/indicator-button.tsx';
import { MAX_PANES } from '../../../../domain/indicators.ts';
import { useWide } from '../../../components/hooks/use-wide.ts';
import { ChartGrid, GridToggle } from '../../../chart/chart-grid.tsx';
import { gridState } from '../../../chart/chart-grid-state.ts';
import { useChartOrders } from '../../../chart/chart-orders.tsx';
import { useAlertLines } from '../../../chart/alert-lines.ts';
import './trade-view.css';

// The chart period bar: 1M 5M 15M 30M 1H 4H 1D 1W → the wire periods 1min … 1week (4H and 1W).
export function PeriodBar({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation();
  return (
    <div className="tr-periods" role="tablist" aria-label={t('trade.period')}>
      {CHART_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          className="tr-period tap-reach"
          aria-selected={p === value}
          data-period={p}
          onClick={() => onChange(p)}
        >
          {t(`trade.period_${p}`)}
        </button>
      ))}
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
        <PeriodBar
          value={period}
          onChange={(p) => {
            $period.value = p;
          }}
        />
        <IndicatorButton maxPanes={maxPanes} />
        {wide ? <GridToggle /> : null}
      </div>
      {/* On a desk the chart may be the first of a 2×2 grid of live charts. */}
      {wide ? <ChartGrid current={inst} main={chartBox} /> : chartBox}
    </section>
  );
}
