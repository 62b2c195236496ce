// Retail-client protection shared by the app and the server (docs/retail-protection.md): the asset classes and their
// default leverage caps, the leverage a retail account is offered, and the appropriateness questionnaire's
// questions, correct answers and pass mark. Pure; the server is the authority, the app shows the same rules.

/** The five ESMA classes, from the most liquid to the most volatile. */
export const ASSET_CLASSES = ['major_fx', 'minor', 'other', 'share', 'crypto'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export const isAssetClass = (v: unknown): v is AssetClass =>
  typeof v === 'string' && (ASSET_CLASSES as readonly string[]).includes(v);

/** ESMA 2018 / FCA PS19/18: major FX 30, other FX / gold / major index 20, other commodity and index 10, share 5,
 * crypto 2. The dealer may lower or raise them (server/ops/commands/retail.ts); these are the seeded values. */
export const DEFAULT_LEVERAGE_CAPS: Readonly<Record<AssetClass, number>> = {
  major_fx: 30,
  minor: 20,
  other: 10,
  share: 5,
  crypto: 2,
};

/** The client categories: retail (protected), professional (staff reviewed, full leverage), internal (the firm's
 * own and staff accounts: retail rules, left out of the loss figure). */
export const CLIENT_CATEGORIES = ['retail', 'professional', 'internal'] as const;
export type ClientCategory = (typeof CLIENT_CATEGORIES)[number];

/**
 * The multiples offered under a cap (null: no cap): those at or below it, and the cap itself as the top rung when the
 * instrument offers more than the cap, so a crypto pair offering 10–100 is offered ×2 to a retail client rather
 * than nothing. An instrument offering no leverage offers none whatever the cap.
 */
export function offeredMultiples(multiples: readonly number[], cap: number | null): number[] {
  if (cap === null || multiples.length === 0) return [...multiples];
  const within = multiples.filter((m) => m <= cap);
  if (multiples.some((m) => m > cap) && !within.includes(cap)) within.push(cap);
  return within.sort((a, b) => a - b);
}

/** One question: its key (locales: retail.q_<key>), its options (retail.a_<key>_<option>), the right one. */
export interface Question {
  key: string;
  options: readonly string[];
  correct: string;
}

/** Knowledge of leverage, margin and stop-out, and experience: four questions, three right to pass. */
export const QUESTIONS: readonly Question[] = [
  { key: 'leverage', options: ['gain_only', 'both', 'none'], correct: 'both' },
  { key: 'margin', options: ['fee', 'deposit', 'profit'], correct: 'deposit' },
  { key: 'stop_out', options: ['closed', 'nothing', 'bonus'], correct: 'closed' },
  { key: 'experience', options: ['none', 'some', 'frequent'], correct: 'frequent' },
];
export const PASS_SCORE = 3;

/** The score of a full set of answers, or null when a question is unanswered or answered with an unknown option. */
export function scoreAnswers(answers: Readonly<Record<string, string>>): number | null {
  let score = 0;
  for (const q of QUESTIONS) {
    const a = answers[q.key];
    if (a === undefined || !q.options.includes(a)) return null;
    if (a === q.correct) score += 1;
  }
  return score;
}

/** The risk warning's figure (GET /v1/api/retail/warning): null before any has been computed. */
export interface RiskWarning {
  /** The retail rules apply (the setting retail_protection): the app shows the warning. */
  shown: boolean;
  percent: number | null;
  computed_at: number | null;
}

/** Where an account stands with the questionnaire: a demo, or a deployment without the retail rules, needs none. */
export type QuestionnaireState = 'not_needed' | 'required' | 'passed' | 'failed' | 'acknowledged';

export interface OfferedLeverage {
  forex_id: number;
  asset_class: AssetClass;
  /** The class's cap when it applies to this account; null for a professional client or without the rules. */
  cap: number | null;
  multiples: number[];
}

/** The account's retail terms (GET /v1/api/retail/terms). */
export interface RetailProfile {
  category: ClientCategory;
  questionnaire: QuestionnaireState;
  leverage: OfferedLeverage[];
}

/** One instrument's offered leverage in the glossary's words (the wire's `forex_id` is its instrumentId). */
export type LeverageOffer = Omit<OfferedLeverage, 'forex_id'> & { instrumentId: number };

/** The account's retail terms in the glossary's words: what the server's service returns and the app's state holds. */
export type RetailStanding = Omit<RetailProfile, 'leverage'> & { leverage: LeverageOffer[] };

/** The questionnaire's answer (POST /v1/api/retail/questionnaire and …/acknowledge). */
export interface QuestionnaireResult {
  score: number;
  passed: boolean;
  acknowledged: boolean;
}

/** How the dealer's spread is made (docs/market-data.md "Spread"): one price, a fixed spread, or the source's
 * widened. */
export type SpreadRule = 'none' | 'fixed' | 'widen';

/** An instrument's terms beyond trade_list (GET /v1/api/retail/spec), for the specification sheet. */
export interface InstrumentSpec extends InstrumentTerms {
  forex_id: number;
}

/** An instrument's terms as the service reads them; the route adds the wire's `forex_id`. */
export interface InstrumentTerms {
  /** Per night, points per lot or percent a year; negative = the trader pays. */
  swap_long: string;
  swap_short: string;
  swap_mode: 'points' | 'percent';
  /** 0 Sunday … 6 Saturday: the rollover that counts three nights. */
  swap_triple_day: number;
  /** The rollover's wall-clock time (HH:MM) in `swap_zone`. */
  swap_time: string;
  swap_zone: string;
  /** Crypto trades around the clock; the others Sunday `week_open` to Friday `week_close`. */
  always_open: boolean;
  /** The weekly session in seconds after Sunday 00:00 UTC; null when always open. */
  week_open: number | null;
  week_close: number | null;
  open: boolean;
  /** ms epoch of the next open or close; null when always open. */
  next_change: number | null;
  spread_rule: SpreadRule;
  /** The dealer's spread in price steps: the whole spread (fixed) or what the source's is widened by. */
  spread_points: number;
  /** The least distance, in price steps, a stop must keep from the price: 0 = none. */
  stop_level: number;
}
