// A trader's messages to the team and the team's answers (docs/feedback.md); a send holds the account's row, so two
// devices cannot both take the day's last message.
import {
  FEEDBACK_PER_DAY,
  FEEDBACK_SHOWN,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TOPICS,
  type FeedbackListWire,
  type FeedbackTopic,
} from '../../domain/feedback.ts';
import { DAY_MS } from '../../domain/time.ts';
import { lockUser } from '../auth/users.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import {
  countSentSince,
  insertFeedback,
  setAnswer,
  staffFeedbackById,
  userFeedback,
  type StaffFeedbackRow,
} from './feedback-repository.ts';

/** A message counts for 24 hours from its sending, not until midnight: no burst of ten around 00:00. */
const windowStart = (now: number): number => now - DAY_MS;

/** Characters as the schema's maxLength counts them: an emoji is one. */
const chars = (text: string): number => [...text].length;

const isTopic = (v: unknown): v is FeedbackTopic => (FEEDBACK_TOPICS as readonly unknown[]).includes(v);

export interface FeedbackInput {
  topic?: string | undefined;
  text?: string | undefined;
}

export async function readFeedback(db: Db, userId: number, now: number): Promise<FeedbackListWire> {
  const items = await userFeedback(db, userId, FEEDBACK_SHOWN);
  const sent = await countSentSince(db, userId, windowStart(now));
  return { items, left_today: Math.max(0, FEEDBACK_PER_DAY - sent) };
}

/** Every check before the insert, and the cap counted under the account's row lock in the insert's transaction. */
export async function sendFeedback(db: Db, userId: number, input: FeedbackInput, now: number): Promise<{ id: number }> {
  const { topic } = input;
  if (!topic) throw new ApiError('field_required', undefined, { field: 'topic' });
  if (!isTopic(topic)) throw new ApiError('field_invalid', undefined, { field: 'topic' });
  const text = (input.text ?? '').trim();
  if (!text) throw new ApiError('field_required', undefined, { field: 'text' });
  if (chars(text) > FEEDBACK_TEXT_MAX) throw new ApiError('field_invalid', undefined, { field: 'text' });
  const id = await db.tx(async (q) => {
    await lockUser(q, userId);
    if ((await countSentSince(q, userId, windowStart(now))) >= FEEDBACK_PER_DAY) throw new ApiError('daily_limit');
    return insertFeedback(q, { userId, topic, text, at: now });
  });
  return { id };
}

/** Once: a second answer, from the same member or another, is refused and the first stays. */
export async function answerFeedback(
  db: Queryable,
  id: number,
  raw: string | undefined,
  by: string,
  now: number,
): Promise<StaffFeedbackRow> {
  const answer = (raw ?? '').trim();
  if (!answer) throw new ApiError('field_required', undefined, { field: 'text' });
  if (chars(answer) > FEEDBACK_TEXT_MAX)
    throw new ApiError('content_texts.too_long', undefined, { flag: 'text', max: FEEDBACK_TEXT_MAX });
  const answered = await setAnswer(db, id, answer, by, now);
  const row = await staffFeedbackById(db, id);
  if (!row) throw new ApiError('not_found');
  if (!answered) throw new ApiError('feedback.errors.answered', undefined, { id });
  return row;
}
