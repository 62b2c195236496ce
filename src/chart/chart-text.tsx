// The chart's text alternative; its button is an icon, as a sentence would cover the newest candles on a phone.
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../components/overlays/bottom-sheet.tsx';
import { Num } from '../components/text/num.tsx';
import { Icon } from '../components/icons/icons.tsx';
import { formatDate } from '../i18n/format.ts';
import { BAR_TIME_OPTIONS } from '../../domain/wire-time.ts';
import type { Period } from '../../domain/types.ts';
import type { BarRow, ChartFigures } from './chart-summary.ts';
import type { LegendRows } from './indicator-panes.ts';
import { ICON_TABLE } from '../components/icons/screen-icons.ts';

export const TABLE_BARS = 20;

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
