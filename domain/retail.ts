// Retail-client protection (docs/retail-protection.md), shared so the app shows the rules the server enforces.

/** ESMA's classes, ordered from the most liquid to the most volatile. */
export const ASSET_CLASSES = ['major_fx', 'minor', 'other', 'share', 'crypto'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export const isAssetClass = (v: unknown): v is AssetClass =>
  typeof v === 'string' && (ASSET_CLASSES as readonly string[]).includes(v);

/** ESMA 2018 / FCA PS19/18 caps; the seeded values, which the dealer may change (server/ops/commands/retail.ts). */
export const DEFAULT_LEVERAGE_CAPS: Readonly<Record<AssetClass, number>> = {
  major_fx: 30,
  minor: 20,
  other: 10,
  share: 5,
  crypto: 2,
};

/** internal: the firm's own and staff accounts, under retail rules but left out of the loss figure. */
export const CLIENT_CATEGORIES = ['retail', 'professional', 'internal'] as const;
export type ClientCategory = (typeof CLIENT_CATEGORIES)[number];

/** The cap is offered when the instrument offers more: crypto at 10–100 gives a retail client ×2, not nothing. */
export function offeredMultiples(multiples: readonly number[], cap: number | null): number[] {
  if (cap === null || multiples.length === 0) return [...multiples];
  const within = multiples.filter((m) => m <= cap);
  if (multiples.some((m) => m > cap) && !within.includes(cap)) within.push(cap);
  return within.sort((a, b) => a - b);
}

/** Locale keys: retail.q_<key>, retail.a_<key>_<option>. */
export interface Question {
  key: string;
  options: readonly string[];
  correct: string;
}

export const QUESTIONS: readonly Question[] = [
  { key: 'leverage', options: ['gain_only', 'both', 'none'], correct: 'both' },
  { key: 'margin', options: ['fee', 'deposit', 'profit'], correct: 'deposit' },
  { key: 'stop_out', options: ['closed', 'nothing', 'bonus'], correct: 'closed' },
  { key: 'experience', options: ['none', 'some', 'frequent'], correct: 'frequent' },
];
export const PASS_SCORE = 3;

/** null when a question is unanswered or answered with an unknown option: an incomplete set never scores. */
export function scoreAnswers(answers: Readonly<Record<string, string>>): number | null {
  let score = 0;
  for (const q of QUESTIONS) {
    const a = answers[q.key];
    if (a === undefined || !q.options.includes(a)) return null;
    if (a === q.correct) score += 1;
  }
  return score;
}

/** percent and computed_at are null before any figure has been computed. */
export interface RiskWarning {
  shown: boolean;
  percent: number | null;
  computed_at: number | null;
}

/** A demo, or a deployment without the retail rules, is 'not_needed'. */
export type QuestionnaireState = 'not_needed' | 'required' | 'passed' | 'failed' | 'acknowledged';

export interface OfferedLeverage {
  forex_id: number;
  asset_class: AssetClass;
  /** null for a professional client or without the rules. */
  cap: number | null;
  multiples: number[];
}

export interface RetailProfile {
  category: ClientCategory;
  questionnaire: QuestionnaireState;
  leverage: OfferedLeverage[];
}

export type LeverageOffer = Omit<OfferedLeverage, 'forex_id'> & { instrumentId: number };

export type RetailStanding = Omit<RetailProfile, 'leverage'> & { leverage: LeverageOffer[] };

export interface QuestionnaireResult {
  score: number;
  passed: boolean;
  acknowledged: boolean;
}

/** docs/market-data.md "Spread" */
export type SpreadRule = 'none' | 'fixed' | 'widen';

/** A scheduled closure (docs/market-data.md "Scheduled closures"): halted from start to end, ms epoch, for the reason. */
export interface InstrumentClosure {
  start: number;
  end: number;
  reason: string;
}

export interface InstrumentSpec extends InstrumentTerms {
  forex_id: number;
}

export interface InstrumentTerms {
  /** Per night, points per lot or percent a year; negative = the trader pays. */
  swap_long: string;
  swap_short: string;
  swap_mode: 'points' | 'percent';
  /** 0 Sunday … 6 Saturday: the rollover that counts three nights. */
  swap_triple_day: number;
  /** HH:MM in `swap_zone`. */
  swap_time: string;
  swap_zone: string;
  always_open: boolean;
  /** ms epoch: the weekly session open now, or the next, and its close; null when always open. */
  session_open: number | null;
  session_close: number | null;
  /** Trading now, by the weekly hours and the scheduled closures. */
  open: boolean;
  /** ms epoch of the next open or close, closures counted; null when none is coming. */
  next_change: number | null;
  spread_rule: SpreadRule;
  /** In price steps: the whole spread (fixed) or what the source's is widened by. */
  spread_points: number;
  /** In price steps; 0 = none. */
  stop_level: number;
  /** Those not over and beginning within 30 days, soonest first. */
  closures: InstrumentClosure[];
}
