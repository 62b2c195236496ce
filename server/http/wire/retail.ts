import {
  ASSET_CLASSES,
  CLIENT_CATEGORIES,
  type InstrumentClosure,
  type InstrumentSpec,
  type OfferedLeverage,
  type QuestionnaireResult,
  type RetailProfile,
  type RiskWarning,
} from '../../../domain/retail.ts';
import { bool, decimal, enumOf, integer, listOf, nullable, shape, text } from '../wire-schema.ts';

export const RISK_WARNING = shape<RiskWarning>('RiskWarning', {
  shown: bool,
  percent: nullable(integer),
  computed_at: nullable(integer),
});

const OFFERED = shape<OfferedLeverage>('OfferedLeverage', {
  forex_id: integer,
  asset_class: enumOf(...ASSET_CLASSES),
  cap: nullable(integer),
  multiples: listOf(integer),
});

export const RETAIL_PROFILE = shape<RetailProfile>('RetailProfile', {
  category: enumOf(...CLIENT_CATEGORIES),
  questionnaire: enumOf('not_needed', 'required', 'passed', 'failed', 'acknowledged'),
  leverage: listOf(OFFERED),
});

export const QUESTIONNAIRE_RESULT = shape<QuestionnaireResult>('QuestionnaireResult', {
  score: integer,
  passed: bool,
  acknowledged: bool,
});

const CLOSURE = shape<InstrumentClosure>('InstrumentClosure', { start: integer, end: integer, reason: text });

export const INSTRUMENT_SPEC = shape<InstrumentSpec>('InstrumentSpec', {
  forex_id: integer,
  swap_long: decimal,
  swap_short: decimal,
  swap_mode: enumOf('points', 'percent'),
  swap_triple_day: integer,
  swap_time: text,
  swap_zone: text,
  always_open: bool,
  session_open: nullable(integer),
  session_close: nullable(integer),
  open: bool,
  next_change: nullable(integer),
  spread_rule: enumOf('none', 'fixed', 'widen'),
  spread_points: integer,
  stop_level: integer,
  closures: listOf(CLOSURE),
});
