// The chart's indicators as plain data, shared by the worker that computes them, the sheet, the chart and the server.
import { isDecimalText } from './decimal-text.ts';

export type IndicatorKind = 'ma' | 'ema' | 'boll' | 'vol' | 'macd' | 'rsi' | 'kdj';

/** Overlays first, then the pane kinds in the order panes stack. */
export const INDICATOR_KINDS: readonly IndicatorKind[] = ['ma', 'ema', 'boll', 'vol', 'macd', 'rsi', 'kdj'];
export const PANE_KINDS: ReadonlySet<IndicatorKind> = new Set<IndicatorKind>(['vol', 'macd', 'rsi', 'kdj']);

export interface IndicatorSetting {
  on: boolean;
  params: number[];
}
export type IndicatorSettings = Record<IndicatorKind, IndicatorSetting>;

interface ParamRule {
  name: string;
  def: number;
  max: number;
  /** BOLL's width is the one decimal: every other parameter counts bars. */
  integer: boolean;
  /** It cannot exceed the history the chart holds. */
  bars: boolean;
}

const bars = (name: string, def: number, max = 500): ParamRule => ({ name, def, max, integer: true, bars: true });

/** The contract leaves them open; the defaults are the ones MT5, Binance and TradingView use. */
export const PARAM_RULES: Readonly<Record<IndicatorKind, readonly ParamRule[]>> = {
  ma: [5, 10, 20, 30].map((def) => bars('chart.ind_param_period', def)),
  ema: [bars('chart.ind_param_period', 12), bars('chart.ind_param_period', 26)],
  boll: [
    bars('chart.ind_param_length', 20),
    { name: 'chart.ind_param_width', def: 2, max: 10, integer: false, bars: false },
  ],
  vol: [bars('chart.ind_param_ma', 5)],
  macd: [bars('chart.ind_param_fast', 12), bars('chart.ind_param_slow', 26), bars('chart.ind_param_signal', 9)],
  rsi: [bars('chart.ind_param_length', 14)],
  kdj: [bars('chart.ind_param_length', 9), bars('chart.ind_param_k', 3, 50), bars('chart.ind_param_d', 3, 50)],
};

/** Two on a phone, three on a desk. */
export const MAX_PANES = { phone: 2, desk: 3 } as const;

export function defaultIndicatorSettings(): IndicatorSettings {
  const out = {} as IndicatorSettings;
  for (const k of INDICATOR_KINDS) out[k] = { on: k === 'ma' || k === 'vol', params: PARAM_RULES[k].map((r) => r.def) };
  return out;
}

export interface ParamError {
  key: string;
  values?: Record<string, number>;
}

/** `historyBars`, when known, caps a bar count: a period cannot be longer than the history the chart holds. */
export function checkParam(
  kind: IndicatorKind,
  index: number,
  text: string,
  historyBars: number | null,
): { value: number } | { error: ParamError } {
  const rule = PARAM_RULES[kind][index];
  if (!rule) return { error: { key: 'chart.ind_err_number' } };
  const t = text.trim();
  if (!isDecimalText(t)) return { error: { key: 'chart.ind_err_number' } };
  const value = Number(t);
  if (!(value > 0)) return { error: { key: 'chart.ind_err_positive' } };
  if (rule.integer && !Number.isInteger(value)) return { error: { key: 'chart.ind_err_whole' } };
  if (value > rule.max) return { error: { key: 'chart.ind_err_max', values: { max: rule.max } } };
  if (rule.bars && historyBars !== null && value > historyBars)
    return { error: { key: 'chart.ind_err_history', values: { bars: historyBars } } };
  return { value };
}

function settingOf(kind: IndicatorKind, v: unknown): IndicatorSetting | null {
  if (!v || typeof v !== 'object') return null;
  const { on, params } = v as { on?: unknown; params?: unknown };
  if (typeof on !== 'boolean' || !Array.isArray(params) || params.length !== PARAM_RULES[kind].length) return null;
  const ok = params.every((p, i) => typeof p === 'number' && 'value' in checkParam(kind, i, String(p), null));
  return ok ? { on, params: params as number[] } : null;
}

/** A kind that breaks the rules gets its default, so one bad setting does not lose the rest. */
export function sanitiseSettings(raw: unknown): IndicatorSettings {
  const out = defaultIndicatorSettings();
  if (!raw || typeof raw !== 'object') return out;
  const src = raw as Record<string, unknown>;
  for (const k of INDICATOR_KINDS) out[k] = settingOf(k, src[k]) ?? out[k];
  return out;
}

/** Nothing beyond the known kinds: the server refuses the rest. */
export function isValidSettings(raw: unknown): raw is IndicatorSettings {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return false;
  const src = raw as Record<string, unknown>;
  if (Object.keys(src).length !== INDICATOR_KINDS.length) return false;
  return INDICATOR_KINDS.every((k) => settingOf(k, src[k]) !== null);
}

export function panesOn(s: IndicatorSettings): IndicatorKind[] {
  return INDICATOR_KINDS.filter((k) => PANE_KINDS.has(k) && s[k].on);
}

/** `label` is shown as is (names, not words). */
export interface IndicatorLine {
  kind: IndicatorKind;
  label: string;
  pane: number;
  style: 'line' | 'histogram';
  /** 0…5; the chart maps it to a CSS custom property. */
  tone: number;
}

/** A fixed order, which the worker's value arrays and the chart's series follow; panes past `maxPanes` are dropped. */
export function indicatorLines(s: IndicatorSettings, maxPanes: number): IndicatorLine[] {
  const out: IndicatorLine[] = [];
  const line = (kind: IndicatorKind, label: string, pane: number, tone: number, style: 'line' | 'histogram' = 'line') =>
    out.push({ kind, label, pane, style, tone });
  if (s.ma.on) s.ma.params.forEach((p, i) => line('ma', `MA${p}`, 0, i));
  if (s.ema.on) s.ema.params.forEach((p, i) => line('ema', `EMA${p}`, 0, 4 + i));
  if (s.boll.on) for (const [i, l] of ['UP', 'MID', 'LOW'].entries()) line('boll', l, 0, i === 1 ? 1 : 2);
  panesOn(s)
    .slice(0, maxPanes)
    .forEach((k, i) => {
      const pane = i + 1;
      if (k === 'vol') {
        line('vol', 'VOL', pane, 0, 'histogram');
        line('vol', `MA${s.vol.params[0] ?? ''}`, pane, 1);
      } else if (k === 'macd') {
        line('macd', 'DIF', pane, 0);
        line('macd', 'DEA', pane, 1);
        line('macd', 'MACD', pane, 2, 'histogram');
      } else if (k === 'rsi') line('rsi', `RSI${s.rsi.params[0] ?? ''}`, pane, 0);
      else for (const [j, l] of ['K', 'D', 'J'].entries()) line('kdj', l, pane, j);
    });
  return out;
}

/** Prices at the instrument's precision, volume whole, oscillators to two places; "--" where history is too short. */
export function indicatorValueText(line: Pick<IndicatorLine, 'kind' | 'pane'>, v: number, precision: number): string {
  if (!Number.isFinite(v)) return '--';
  if (line.kind === 'vol') return Math.round(v).toString();
  const places = line.pane === 0 || line.kind === 'macd' ? Math.max(0, Math.min(precision, 12)) : 2;
  return v.toFixed(places);
}
