import { INDICATOR_KINDS } from '../../../domain/indicators.ts';
import type { JsonSchema } from '../schemas.ts';

const SETTING: JsonSchema = {
  type: 'object',
  properties: { on: { type: 'boolean' }, params: { type: 'array', items: { type: 'number' } } },
  required: ['on', 'params'],
};

const INDICATOR_SETTINGS: JsonSchema = {
  type: 'object',
  title: 'IndicatorSettings',
  properties: Object.fromEntries(INDICATOR_KINDS.map((k) => [k, SETTING])),
  required: [...INDICATOR_KINDS],
};

export const CHART_SETTINGS: JsonSchema = {
  type: 'object',
  title: 'ChartSettings',
  properties: { indicators: INDICATOR_SETTINGS },
  required: ['indicators'],
};
