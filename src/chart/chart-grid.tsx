// The desk's 2×2 grid, all fed by the one feed (slots 1–3 of FeedApi.watchChart).
import { memo, type ReactElement, type ReactNode, useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { LazyCandleChart } from './lazy-chart.tsx';
import { $instruments } from '../state/market/instruments.ts';
import { gridState, setGridCell, setGridOn } from './chart-grid-state.ts';
import { CHART_PERIODS, type Instrument, type Period } from '../../domain/types.ts';
import './chart-grid.css';

/** A quarter of the desk has room for one. */
const CELL_PANES = 1;

export function GridToggle(): ReactElement {
  const { t } = useTranslation();
  useSignals();
  const on = gridState().on;
  return (
    <button
      type="button"
      className="tw-ind-open"
      data-action="chart-grid"
      aria-pressed={on}
      onClick={() => setGridOn(!on)}
    >
      {t('chart.grid')}
    </button>
  );
}

export function ChartGrid({ main, current }: { main: ReactNode; current: Instrument }): ReactElement {
  useSignals();
  const state = gridState();
  const list = $instruments.value;
  if (!state.on) return <>{main}</>;
  const spare = list.filter((i) => i.Code !== current.Code);
  return (
    <div className="tw-grid" data-testid="chart-grid">
      <div className="tw-grid__cell" data-cell={0}>
        {main}
      </div>
      {state.cells.map((cell, i) => {
        const inst = list.find((x) => x.Code === cell.code) ?? spare[i] ?? null;
        return <GridCell key={i} index={i} inst={inst} period={cell.period} list={list} />;
      })}
    </div>
  );
}

// Memoised: a change of one cell re-renders that cell, not the others.
const GridCell = memo(function GridCell({
  index,
  inst,
  period,
  list,
}: {
  index: number;
  inst: Instrument | null;
  period: Period;
  list: readonly Instrument[];
}): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const n = index + 2;
  return (
    <section
      className="tw-grid__cell"
      data-cell={index + 1}
      aria-label={t('chart.grid_cell', { n, name: inst?.ShowCode ?? '' })}
    >
      <div className="tw-grid__head">
        <label className="visually-hidden" htmlFor={`${id}-code`}>
          {t('chart.grid_instrument', { n })}
        </label>
        <select
          id={`${id}-code`}
          data-field="grid-code"
          value={inst?.Code ?? ''}
          onChange={(e) => setGridCell(index, { code: e.currentTarget.value })}
        >
          <InstrumentOptions list={list} />
        </select>
        <label className="visually-hidden" htmlFor={`${id}-period`}>
          {t('chart.grid_period', { n })}
        </label>
        <select
          id={`${id}-period`}
          data-field="grid-period"
          value={period}
          onChange={(e) => setGridCell(index, { period: e.currentTarget.value as Period })}
        >
          {CHART_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`trade.period_${p}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="tw-grid__chart">
        {inst ? (
          <LazyCandleChart
            code={inst.Code}
            name={inst.ShowCode}
            period={period}
            precision={inst.PricePrecision}
            slot={index + 1}
            maxPanes={CELL_PANES}
          />
        ) : null}
      </div>
    </section>
  );
});

/** Memoised on the list (thousands of options), so picking an instrument or period re-renders only the select. */
const InstrumentOptions = memo(function InstrumentOptions({ list }: { list: readonly Instrument[] }): ReactElement {
  return (
    <>
      {list.map((i) => (
        <option key={i.Code} value={i.Code}>
          {i.ShowCode}
        </option>
      ))}
    </>
  );
});
