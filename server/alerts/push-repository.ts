import { countOf, type Queryable } from '../db/db.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/** An endpoint another user had is taken over: a new sign-in on that browser. */
export async function saveSubscription(q: Queryable, userId: number, t: PushTarget, at: number): Promise<void> {
  await q.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, lang, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = $1, p256dh = $3, auth = $4, lang = $5, created_at = $6`,
    [userId, t.endpoint, t.p256dh, t.auth, t.lang, at],
  );
}

export async function trimSubscriptions(q: Queryable, userId: number, max: number): Promise<void> {
  await q.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN
       (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [userId, max],
  );
}

/** Another user's stays. */
export async function deleteSubscription(q: Queryable, userId: number, endpoint: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint]);
}

/** Whoever it belonged to. */
export async function forgetEndpoint(q: Queryable, endpoint: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
}

export async function userSubscriptions(q: Queryable, userId: number): Promise<PushTarget[]> {
  return q.query<PushTarget>('SELECT endpoint, p256dh, auth, lang FROM push_subscriptions WHERE user_id = $1', [
    userId,
  ]);
}

export function countSubscriptions(q: Queryable, userId: number): Promise<number> {
  return countOf(q, 'SELECT count(*) AS n FROM push_subscriptions WHERE user_id = $1', [userId]);
}
