// docs/notifications.md "In-app notices".
import type { Paged } from '../../domain/content-types.ts';
import { apiGet, apiPost } from './client.ts';

export interface Notice {
  id: number;
  kind: string;
  title: string;
  text: string;
  created_at: string; // ISO-8601 UTC
  read: boolean;
}

export interface NoticePage extends Paged<Notice> {
  unread: number;
}

export type CodeDelivery = 'pending' | 'sent' | 'failed';

export const noticePage = (page: number): Promise<NoticePage> =>
  apiGet('/v1/api/notices/list', { page }, { toast: false });
export const markNoticesRead = (id?: number): Promise<{ unread: number }> =>
  apiPost('/v1/api/notices/read', id === undefined ? {} : { id }, { toast: false });
export const noticeSettings = (): Promise<{ phrase: string | null }> =>
  apiGet('/v1/api/notices/settings', {}, { toast: false });
export const saveNoticeSettings = (phrase: string): Promise<{ phrase: string | null }> =>
  apiPost('/v1/api/notices/settings', { phrase }, { toast: false });
/** Every notice about the account is written in it (docs/notifications.md "Languages"). */
export const saveAccountLanguage = (lang: string): Promise<{ lang: string }> =>
  apiPost('/v1/api/notices/language', { lang }, { toast: false });
/** A POST: the key is a capability and stays out of URLs. */
export const codeDelivery = (key: string): Promise<{ state: CodeDelivery }> =>
  apiPost('/api/notify/code_state', { key }, { toast: false });
