// A notice never throws into the action that caused it: the action is done, the notice is news.
import type { Db, Queryable } from '../db/db.ts';
import { areaPrefix } from '../accounts/area-codes.ts';
import { e164 } from '../accounts/identity.ts';
import { findUserById } from '../auth/users.ts';
import { LANGUAGES, type Language } from '../../domain/types.ts';
import type { Message, MessageKind, Services } from '../core/services.ts';
import type { Clock } from '../../domain/time.ts';
import { systemClock } from '../core/system-time.ts';
import { recordNotice } from './notices-repository.ts';

const isLanguage = (v: string): v is Language => (LANGUAGES as readonly string[]).includes(v);

export interface AccountNoticeDeps extends Pick<Services, 'notifier' | 'log'> {
  db: Db | Queryable;
  /** The system clock when absent. */
  clock?: Clock | undefined;
}

/** In the account's own language, else the causing request's; demo accounts get none. */
export async function accountMessages(
  q: Queryable,
  userId: number,
  kind: MessageKind,
  values: Message['values'],
  requestLang?: Language,
): Promise<Message[]> {
  const user = await findUserById(q, userId);
  if (!user || user.is_demo === 1) return [];
  const lang = isLanguage(user.lang) ? user.lang : requestLang;
  const out: Message[] = [];
  if (user.email) out.push({ kind, channel: 'email', to: user.email, lang, values, userId });
  if (user.mobile && user.area_id !== null) {
    const prefix = await areaPrefix(q, user.area_id);
    if (prefix !== null) out.push({ kind, channel: 'sms', to: e164(prefix, user.mobile), lang, values, userId });
  }
  return out;
}

/** A failure to queue is logged without its values and swallowed. */
export async function notifyAccount(
  deps: AccountNoticeDeps,
  userId: number,
  kind: MessageKind,
  values: Message['values'] = {},
  lang?: Language,
): Promise<void> {
  try {
    const user = await findUserById(deps.db, userId);
    if (user && user.is_demo !== 1 && kind !== 'verification_code') {
      await recordNotice(deps.db, userId, kind, values, (deps.clock ?? systemClock).now());
    }
    for (const message of await accountMessages(deps.db, userId, kind, values, lang)) await deps.notifier.send(message);
  } catch (err) {
    deps.log.warn({ notice: { kind, userId }, err: (err as Error).name }, 'account notice not queued');
  }
}
