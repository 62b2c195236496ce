// A notice never throws into the action that caused it: the action is done, the notice is news.
import type { Db, Queryable } from '../db/db.ts';
import { areaPrefix } from '../accounts/area-codes.ts';
import { e164 } from '../accounts/identity.ts';
import { findUser } from '../auth/users.ts';
import { LANGUAGES, type Language } from '../../domain/types.ts';
import type { Message, MessageKind, Services } from '../core/services.ts';
import type { Clock } from '../../domain/time.ts';
import { systemClock } from '../core/system-time.ts';
import { recordNotice } from './notices-repository.ts';

const isLanguage = (v: string): v is Language => (LANGUAGES as readonly string[]).includes(v);

interface AccountNoticeDeps extends Pick<Services, 'notifier' | 'log'> {
  db: Db | Queryable;
  /** The system clock when absent. */
  clock?: Clock | undefined;
}

/** In the account's language, else the causing request's; none for demo accounts; failures logged without values. */
export async function notifyAccount(
  deps: AccountNoticeDeps,
  userId: number,
  kind: MessageKind,
  values: Message['values'] = {},
  lang?: Language,
): Promise<void> {
  try {
    const user = await findUser(deps.db, 'id', userId);
    if (!user || user.is_demo === 1) return;
    if (kind !== 'verification_code')
      await recordNotice(deps.db, userId, kind, values, (deps.clock ?? systemClock).now());
    const base = { kind, lang: isLanguage(user.lang) ? user.lang : lang, values, userId };
    const messages: Message[] = [];
    if (user.email) messages.push({ ...base, channel: 'email', to: user.email });
    const prefix = user.mobile && user.area_id !== null ? await areaPrefix(deps.db, user.area_id) : null;
    if (user.mobile && prefix !== null) messages.push({ ...base, channel: 'sms', to: e164(prefix, user.mobile) });
    for (const message of messages) await deps.notifier.send(message);
  } catch (err) {
    deps.log.warn({ notice: { kind, userId }, err: (err as Error).name }, 'account notice not queued');
  }
}
