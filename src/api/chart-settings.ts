// Read and replaced whole.
import type { IndicatorSettings } from '../../domain/indicators.ts';
import { apiGet, apiPost, type CallOptions } from './client.ts';

export interface ChartSettings {
  indicators: IndicatorSettings;
}

export const readChartSettings = (opts: CallOptions = { toast: false, initial: true }): Promise<ChartSettings> =>
  apiGet('/v1/api/chart/settings', {}, opts);
export const saveChartSettings = (indicators: IndicatorSettings): Promise<ChartSettings> =>
  apiPost('/v1/api/chart/settings', { indicators });
