import type { NoticeItem } from '../../notify/notices.ts';
import { enumOf, integer, listOf, nullable, shape, text } from '../wire-schema.ts';
import type { JsonSchema } from '../schemas.ts';

const boolean: JsonSchema = { type: 'boolean' };

const NOTICE = shape<NoticeItem>('Notice', {
  id: integer,
  kind: text,
  title: text,
  text,
  created_at: text,
  read: boolean,
});

export const NOTICE_LIST: JsonSchema = {
  title: 'NoticeList',
  type: 'object',
  properties: { data: listOf(NOTICE), total: integer, unread: integer },
  required: ['data', 'total', 'unread'],
};

export const NOTICES_READ = shape<{ unread: number }>('NoticesRead', { unread: integer });

export const NOTICE_SETTINGS = shape<{ phrase: string | null }>('NoticeSettings', { phrase: nullable(text) });

/** docs/notifications.md "Languages". */
export const ACCOUNT_LANGUAGE = shape<{ lang: string }>('AccountLanguage', { lang: text });

export const CODE_STATE = shape<{ state: string }>('CodeDeliveryState', { state: enumOf('pending', 'sent', 'failed') });
