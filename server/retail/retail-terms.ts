// One account's retail rules, read alike by the submit check and the leverage route (docs/retail-protection.md).
import {
  DEFAULT_LEVERAGE_CAPS,
  offeredMultiples,
  type AssetClass,
  type ClientCategory,
  type QuestionnaireState,
  type RetailStanding,
} from '../../domain/retail.ts';
import { queryOne, type Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { getSetting } from '../settings/settings.ts';
import { appropriatenessOf } from './appropriateness.ts';
import { DEFAULT_SETTINGS } from '../db/seeds/settings.ts';

export interface RetailTerms {
  /** Protection is on and the account is not a professional client. */
  capped: boolean;
  /** A real account owes the questionnaire or its acknowledgement before its first order. */
  owesQuestionnaire: boolean;
  category: ClientCategory;
  isDemo: boolean;
  caps: Record<AssetClass, number>;
}

export async function leverageCaps(q: Queryable): Promise<Record<AssetClass, number>> {
  const rows = await q.query<{ asset_class: AssetClass; cap: number }>('SELECT asset_class, cap FROM leverage_caps');
  return capsOf(rows.map((r) => [r.asset_class, r.cap]));
}

/** The dealer's caps over the defaults. */
function capsOf(rows: Iterable<[string, unknown]>): Record<AssetClass, number> {
  const caps = { ...DEFAULT_LEVERAGE_CAPS };
  for (const [cls, cap] of rows) caps[cls as AssetClass] = Number(cap);
  return caps;
}

export async function setLeverageCap(q: Queryable, assetClass: AssetClass, cap: number): Promise<void> {
  await q.query(
    `INSERT INTO leverage_caps (asset_class, cap) VALUES ($1, $2)
     ON CONFLICT (asset_class) DO UPDATE SET cap = EXCLUDED.cap`,
    [assetClass, cap],
  );
}

export async function clientCategoryOf(q: Queryable, userId: number): Promise<{ category: string; reason: string }> {
  const row = await queryOne<{ client_category: string; category_reason: string }>(
    q,
    'SELECT client_category, category_reason FROM users WHERE id = $1',
    [userId],
  );
  return { category: row?.client_category ?? '', reason: row?.category_reason ?? '' };
}

/** The ops command's audit row keeps who and when. */
export async function setClientCategory(
  q: Queryable,
  userId: number,
  category: ClientCategory,
  reason: string,
): Promise<void> {
  await q.query('UPDATE users SET client_category = $2, category_reason = $3 WHERE id = $1', [
    userId,
    category,
    reason,
  ]);
}

/** The `retail_protection` setting's value read as the switch; a missing row is the default. */
const protectionOn = (value: string | null): boolean => (value ?? DEFAULT_SETTINGS.retail_protection) === '1';

/** The caps, the questionnaire and the warning apply only while it is on. */
export async function retailRulesApply(q: Queryable): Promise<boolean> {
  return protectionOn(await getSetting(q, 'retail_protection'));
}

interface TermsRow {
  user_id: number;
  is_demo: number;
  client_category: ClientCategory;
  appropriate: boolean | null;
  protection: string | null;
  caps: Record<string, number> | null;
}

/** The account, the protection switch and the caps in one statement: every new order reads them. */
const TERMS_COLUMNS = `u.id AS user_id, u.is_demo, u.client_category,
    (SELECT a.passed OR a.acknowledged_at IS NOT NULL FROM appropriateness a WHERE a.user_id = u.id) AS appropriate,
    (SELECT s.value FROM settings s WHERE s.key = 'retail_protection') AS protection,
    (SELECT json_object_agg(c.asset_class, c.cap) FROM leverage_caps c) AS caps`;

function termsOf(row: TermsRow): RetailTerms {
  const isDemo = Number(row.is_demo) === 1;
  const protection = protectionOn(row.protection);
  const caps = capsOf(Object.entries(row.caps ?? {}));
  return {
    capped: protection && row.client_category !== 'professional',
    owesQuestionnaire: protection && !isDemo && row.appropriate !== true,
    category: row.client_category,
    isDemo,
    caps,
  };
}

export async function retailTerms(q: Queryable, userId: number): Promise<RetailTerms> {
  const row = await queryOne<TermsRow>(q, `SELECT ${TERMS_COLUMNS} FROM users u WHERE u.id = $1`, [userId]);
  if (!row) throw new ApiError('not_found');
  return termsOf(row);
}

/** One query for copy trading's batched opens; an unknown account is absent. */
export async function retailTermsOfMany(q: Queryable, userIds: readonly number[]): Promise<Map<number, RetailTerms>> {
  const rows = await q.query<TermsRow>(`SELECT ${TERMS_COLUMNS} FROM users u WHERE u.id = ANY($1::int[])`, [userIds]);
  return new Map(rows.map((r) => [Number(r.user_id), termsOf(r)]));
}

export function offeredFor(terms: RetailTerms, assetClass: AssetClass, multiples: readonly number[]): number[] {
  return offeredMultiples(multiples, terms.capped ? terms.caps[assetClass] : null);
}

export async function assetClassOfInstrument(q: Queryable, instrumentId: number): Promise<AssetClass> {
  const row = await queryOne<{ asset_class: AssetClass }>(q, 'SELECT asset_class FROM instruments WHERE id = $1', [
    instrumentId,
  ]);
  return row?.asset_class ?? 'other';
}

/** Checked before the order's own checks; returns the instrument's multiples under the cap. */
export async function checkRetailOrder(
  q: Queryable,
  userId: number,
  inst: { id: number; multiples: readonly number[] },
  requested: number,
  fixedMargin: boolean,
): Promise<number[]> {
  const row = await queryOne<TermsRow & { asset_class: AssetClass | null }>(
    q,
    `SELECT ${TERMS_COLUMNS}, (SELECT i.asset_class FROM instruments i WHERE i.id = $2) AS asset_class
       FROM users u WHERE u.id = $1`,
    [userId, inst.id],
  );
  if (!row) throw new ApiError('not_found');
  const terms = termsOf(row);
  if (terms.owesQuestionnaire) throw new ApiError('appropriateness_required');
  const assetClass = row.asset_class ?? 'other';
  const offered = offeredFor(terms, assetClass, inst.multiples);
  // Fixed margin takes no leverage (docs/retail-protection.md "Fixed-margin instruments").
  if (fixedMargin) return [...inst.multiples];
  const cap = terms.caps[assetClass];
  if (terms.capped && requested > cap) throw new ApiError('leverage_above_cap', undefined, { cap });
  return offered;
}

export async function retailProfile(q: Queryable, userId: number): Promise<RetailStanding> {
  const terms = await retailTerms(q, userId);
  const record = await appropriatenessOf(q, userId);
  const stateOf = (): QuestionnaireState => {
    if (record?.passed) return 'passed';
    if (record && record.acknowledged_at !== null) return 'acknowledged';
    if (terms.isDemo || !terms.owesQuestionnaire) return 'not_needed';
    return record ? 'failed' : 'required';
  };
  const rows = await q.query<{ id: number; multiples: number[]; asset_class: AssetClass }>(
    'SELECT id, multiples, asset_class FROM instruments WHERE enabled ORDER BY sort, id',
  );
  return {
    category: terms.category,
    questionnaire: stateOf(),
    leverage: rows.map((r) => ({
      instrumentId: Number(r.id),
      asset_class: r.asset_class,
      cap: terms.capped ? terms.caps[r.asset_class] : null,
      multiples: offeredFor(terms, r.asset_class, r.multiples.map(Number)),
    })),
  };
}
