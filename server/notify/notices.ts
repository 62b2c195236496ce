// Title and text come from the same locale keys as the e-mail (docs/notifications.md "In-app notices").
import { checkPhrase } from '../../domain/anti-phishing.ts';
import type { Language } from '../../domain/types.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { listPage } from '../http/paging.ts';
import type { MessageKind } from '../core/services.ts';
import { messageText } from './message-text.ts';
import { messageSubject } from './render.ts';
import {
  markNoticesRead,
  noticePage,
  phraseOf,
  setPhrase,
  unreadNotices,
  type NoticeRow,
} from './notices-repository.ts';

const NOTICE_PAGE_SIZE = 20;

export interface NoticeItem {
  id: number;
  kind: string;
  title: string;
  text: string;
  created_at: string; // ISO-8601 UTC
  read: boolean;
}

export interface NoticeList {
  data: NoticeItem[];
  total: number;
  unread: number;
}

function shown(row: NoticeRow, lang: Language): NoticeItem {
  const kind = row.kind as MessageKind;
  const values = JSON.parse(row.payload) as Record<string, string | number>;
  return {
    id: Number(row.id),
    kind: row.kind,
    title: messageSubject(kind, lang),
    text: messageText({ kind, channel: 'email', to: '', lang, values }),
    created_at: new Date(Number(row.created_at)).toISOString(),
    read: row.read_at !== null,
  };
}

export async function listNotices(
  q: Queryable,
  userId: number,
  page: number | undefined,
  lang: Language,
): Promise<NoticeList> {
  const read = (limit: number, offset: number) => noticePage(q, userId, limit, offset);
  const list = await listPage(page, NOTICE_PAGE_SIZE, read, (r) => shown(r, lang));
  return { ...list, unread: await unreadNotices(q, userId) };
}

export async function readNotices(
  q: Queryable,
  userId: number,
  id: number | undefined,
  now: number,
): Promise<{ unread: number }> {
  await markNoticesRead(q, userId, id ?? null, now);
  return { unread: await unreadNotices(q, userId) };
}

export async function noticeSettings(q: Queryable, userId: number): Promise<{ phrase: string | null }> {
  return { phrase: await phraseOf(q, userId) };
}

export async function saveNoticeSettings(
  q: Queryable,
  userId: number,
  raw: string,
): Promise<{ phrase: string | null }> {
  const checked = checkPhrase(raw);
  if (!checked.valid) throw new ApiError('notices.errors.phrase_invalid');
  await setPhrase(q, userId, checked.phrase);
  return { phrase: checked.phrase };
}
