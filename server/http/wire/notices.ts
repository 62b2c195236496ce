import type { NoticeItem } from '../../notify/notices.ts';
import { bool, enumOf, integer, listOf, nullable, shape, text } from '../wire-schema.ts';

const NOTICE = shape<NoticeItem>('Notice', {
  id: integer,
  kind: text,
  title: text,
  text,
  created_at: text,
  read: bool,
});

export const NOTICE_LIST = shape<{ data: NoticeItem[]; total: number; unread: number }>('NoticeList', {
  data: listOf(NOTICE),
  total: integer,
  unread: integer,
});

export const NOTICES_READ = shape<{ unread: number }>('NoticesRead', { unread: integer });

export const NOTICE_SETTINGS = shape<{ phrase: string | null }>('NoticeSettings', { phrase: nullable(text) });

/** docs/notifications.md "Languages". */
export const ACCOUNT_LANGUAGE = shape<{ lang: string }>('AccountLanguage', { lang: text });

export const CODE_STATE = shape<{ state: string }>('CodeDeliveryState', { state: enumOf('pending', 'sent', 'failed') });
