// The scheme, the up/down preference and reduced motion each re-read the CSS variables and restyle the chart.
import { effect } from '@preact/signals-react';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { $updown } from '../state/settings/updown.ts';
import { $reducedMotion } from '../state/shell/motion.ts';
import { chartOptions, readChartColours, readIndicatorTones, seriesOptions, type ChartColours } from './chart-theme.ts';
import type { IndicatorPanes } from './indicator-panes.ts';

export interface SchemeWiring {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  panes: IndicatorPanes;
  box: HTMLElement;
  precision: () => number;
  /** The order lines take their up/down from them. */
  restyled: (colours: ChartColours) => void;
}

export function followColourScheme({ chart, series, panes, box, precision, restyled }: SchemeWiring): () => void {
  const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  const onScheme = () => {
    const c = readChartColours(document.documentElement);
    chart.applyOptions(chartOptions(c, $reducedMotion.peek()));
    series.applyOptions(seriesOptions(c, precision()));
    panes.restyle(readIndicatorTones(box, c), precision());
    restyled(c);
  };
  media?.addEventListener('change', onScheme);
  let first = true;
  const offPrefs = effect(() => {
    void $updown.value;
    void $reducedMotion.value;
    if (first) first = false;
    else onScheme();
  });
  return () => {
    media?.removeEventListener('change', onScheme);
    offPrefs();
  };
}
