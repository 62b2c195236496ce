// The chart's text alternative; its button is an icon, as a sentence would cover the newest candles on a phone.
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../components/overlays/bottom-sheet.tsx';
import { Num } from '../components/text/num.tsx';
import { Icon } from '../components/icons/icons.tsx';
import { formatDate } from '../i18n/format.ts';
import { BAR_TIME_OPTIONS } from '../../domain/wire-time.ts';
import type { Period } from '../../domain/types.ts';
import type { OhlcData, UTCTimestamp } from 'lightweight-charts';
import { dec, exactText, roundDown } from '../../domain/decimal.ts';
import { priceText, signedPriceText } from '../../domain/format/price.ts';
import { percentText } from '../../domain/format/percent.ts';
import type { LegendRows } from './indicator-panes.ts';
import { ICON_TABLE } from '../components/icons/screen-icons.ts';

export const TABLE_BARS = 20;

// The bars' numbers are read exactly as decimals and go through the app's one price and percent formatters.
/** Time in seconds, as lightweight-charts keeps it. */
type SummaryBar = OhlcData<UTCTimestamp>;

export type ChartFigures = NonNullable<ReturnType<typeof chartFigures>>;
type BarRow = ReturnType<typeof lastBarRows>[number];

/** `range` indices may be fractional or beyond either end; all bars without one. */
function barsInView<B>(bars: readonly B[], range: { from: number; to: number } | null): readonly B[] {
  if (!range) return bars;
  const from = Math.max(0, Math.ceil(range.from));
  const to = Math.min(bars.length - 1, Math.floor(range.to));
  return to < from ? [] : bars.slice(from, to + 1);
}

/** null when there are none. Change = last close − first open of the view. */
export function chartFigures(
  bars: readonly SummaryBar[],
  range: { from: number; to: number } | null,
  precision: number,
) {
  const view = barsInView(bars, range);
  const first = view[0];
  const last = view[view.length - 1];
  if (!first || !last) return null;
  const open = dec(first.open);
  const diff = dec(last.close).minus(open);
  return {
    last: priceText(dec(last.close), precision),
    change: signedPriceText(diff, precision),
    // Cut to 20 places first so percentText's half-up lands where the exact value would.
    percent: open.isZero() ? '' : percentText(exactText(roundDown(diff.div(open).times(100), 20)), { signed: true }),
    high: priceText(dec(Math.max(...view.map((b) => b.high))), precision),
    low: priceText(dec(Math.min(...view.map((b) => b.low))), precision),
    bars: view.length,
  };
}

/** Newest first. */
export function lastBarRows(bars: readonly SummaryBar[], n: number, precision: number) {
  const p = (v: number): string => priceText(dec(v), precision);
  return (
    bars
      .slice(-n)
      .reverse()
      // time: ms epoch, for formatDate
      .map((b) => ({ time: b.time * 1000, open: p(b.open), high: p(b.high), low: p(b.low), close: p(b.close) }))
  );
}

/** Each also its header's key in locales "chart_text". */
const PRICE_COLUMNS = ['open', 'high', 'low', 'close'] as const;

export interface ChartTextProps {
  name: string;
  period: Period;
  figures: ChartFigures | null;
  /** Read when the table opens, not kept up to date per tick. */
  readRows: () => BarRow[];
  /** At the last bar, read after the summary. */
  legend?: LegendRows;
  /** Read after the legends (chart-lines-text.tsx). */
  children?: ReactNode;
}

export function ChartText({ name, period, figures, readRows, legend = [], children }: ChartTextProps): ReactElement {
  const { t } = useTranslation();
  const [rows, setRows] = useState<BarRow[] | null>(null);
  const periodText = t(`chart_text.period_${period}`);
  const text = figures
    ? t('chart_text.summary', { name, period: periodText, ...figures })
    : t('chart_text.no_bars', { name, period: periodText });
  const showBars = t('chart_text.show_bars', { n: TABLE_BARS });
  return (
    <section className="tw-chart-text" aria-label={t('chart_text.region', { name })}>
      <p className="visually-hidden" data-testid="chart-summary">
        {text}
      </p>
      {legend.length > 0 ? (
        <ul className="visually-hidden" data-testid="chart-legend-text">
          {legend.map((row) => (
            <li key={row.pane}>
              {t(row.pane === 0 ? 'chart.legend_price' : 'chart.legend_pane', { values: row.text, n: row.pane })}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
      <button
        type="button"
        className="tw-chart-text__open"
        data-action="chart-table"
        title={showBars}
        onClick={() => setRows(readRows())}
      >
        <Icon icon={ICON_TABLE} size={16} />
        <span className="visually-hidden">{showBars}</span>
      </button>
      <BottomSheet open={rows !== null} onClose={() => setRows(null)} titleKey="chart_text.bars_title">
        {/* Focusable: on a phone the table scrolls, and a keyboard user must be able to scroll it. */}
        <div className="tw-chart-table-wrap" role="region" aria-label={t('chart_text.bars_title')} tabIndex={0}>
          <table className="tw-chart-table" data-testid="chart-table">
            <caption>{t('chart_text.table_caption', { name, period: periodText })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart_text.time')}</th>
                {PRICE_COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {t(`chart_text.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(rows ?? []).map((r) => (
                <tr key={r.time}>
                  <th scope="row">
                    {/* The language's own date order (Arabic marks it right to left): isolated, not forced left to right. */}
                    <bdi dir="auto">{formatDate(r.time, BAR_TIME_OPTIONS)}</bdi>
                  </th>
                  {PRICE_COLUMNS.map((c) => (
                    <td key={c}>
                      <Num>{r[c]}</Num>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {rows !== null && rows.length === 0 ? <p className="tw-chart-table-empty">{t('common.no_data')}</p> : null}
        </div>
      </BottomSheet>
    </section>
  );
}
