// The appropriateness questionnaire's record (docs/retail-protection.md "Appropriateness").
import { PASS_SCORE, QUESTIONS, scoreAnswers } from '../../domain/retail.ts';
import { queryOne, type Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';

export interface AppropriatenessRecord {
  answers: Record<string, string>;
  score: number;
  passed: boolean;
  taken_at: number;
  acknowledged_at: number | null;
}

export async function appropriatenessOf(q: Queryable, userId: number): Promise<AppropriatenessRecord | null> {
  const row = await queryOne<Omit<AppropriatenessRecord, 'answers'> & { answers: string }>(
    q,
    'SELECT answers, score, passed, taken_at::float8, acknowledged_at::float8 FROM appropriateness WHERE user_id = $1',
    [userId],
  );
  return row && { ...row, answers: JSON.parse(row.answers) as Record<string, string> };
}

/** A retake replaces the last one; refused when an answer is missing or unknown. */
export async function recordAnswers(
  q: Queryable,
  userId: number,
  given: Readonly<Record<string, string>>,
  now: number,
): Promise<AppropriatenessRecord> {
  const answers = Object.fromEntries(QUESTIONS.map((k) => [k.key, given[k.key] ?? '']));
  const score = scoreAnswers(answers);
  if (score === null) throw new ApiError('appropriateness_incomplete');
  const passed = score >= PASS_SCORE;
  await q.query(
    `INSERT INTO appropriateness (user_id, answers, score, passed, acknowledged_at, taken_at)
     VALUES ($1, $2, $3, $4, NULL, $5)
     ON CONFLICT (user_id) DO UPDATE SET answers = EXCLUDED.answers, score = EXCLUDED.score,
       passed = EXCLUDED.passed, acknowledged_at = NULL, taken_at = EXCLUDED.taken_at`,
    [userId, JSON.stringify(answers), score, passed, now],
  );
  return { answers, score, passed, taken_at: now, acknowledged_at: null };
}

/** Refused when there is no failing score to acknowledge. */
export async function acknowledgeWarning(q: Queryable, userId: number, now: number): Promise<AppropriatenessRecord> {
  const rows = await q.query<{ user_id: number }>(
    'UPDATE appropriateness SET acknowledged_at = $2 WHERE user_id = $1 AND NOT passed RETURNING user_id',
    [userId, now],
  );
  if (rows.length === 0) throw new ApiError('appropriateness_nothing_to_acknowledge');
  const record = await appropriatenessOf(q, userId);
  if (!record) throw new Error('appropriateness record vanished');
  return record;
}

export async function resetAppropriateness(q: Queryable, userId: number): Promise<boolean> {
  const rows = await q.query('DELETE FROM appropriateness WHERE user_id = $1 RETURNING user_id', [userId]);
  return rows.length > 0;
}
