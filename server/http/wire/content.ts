import type { Announcement, InviteInfo, NewsDetail, NewsItem, Trader } from '../../../domain/content-types.ts';
import type { OpsCommandInfo } from '../../ops/command.ts';
import { LANGUAGES } from '../../../domain/types.ts';
import { bool, decimal, enumOf, integer, listShape, pagedShape, recordTime, shape, text } from '../wire-schema.ts';

/** The reader's, or the fallback (docs/content.md "Content languages"). */
export const servedLang = {
  ...enumOf(...LANGUAGES),
  description: "language of the text served; another than the request's `lang` is a fallback",
};

const NEWS_FIELDS = { id: integer, lang: servedLang, title: text, desc: text, logo: text, created_at: recordTime };

export const NEWS_PAGE = pagedShape<NewsItem>('NewsPage', 'NewsItem', NEWS_FIELDS);

export const NEWS_DETAIL = shape<NewsDetail>('NewsDetail', {
  ...NEWS_FIELDS,
  content: { type: 'string', description: 'sanitised HTML' },
});

export const RANKING = pagedShape<Trader>('RankingPage', 'Trader', {
  rank: integer,
  user: text,
  code: text,
  multiple: integer,
  three_week_rate: decimal,
  three_week_win: decimal,
  three_week_profit: decimal,
  total_rate: decimal,
  total_trade_num: integer,
  followers: integer,
  is_sample: enumOf(0, 1),
});

export const INVITE_INFO = shape<InviteInfo>('InviteInfo', { invite_code: text, invite_count: integer });

export const COMPLAINT_EMAIL = shape<{ email: string }>('ComplaintEmail', { email: text });

export const ANNOUNCEMENT = shape<Announcement>('Announcement', { title: text, content: text });

export const OPS_COMMANDS = listShape<OpsCommandInfo>(
  'OpsCommand',
  {
    name: text,
    summary: text,
    params: listShape<OpsCommandInfo['params'][number]>(
      'OpsParam',
      {
        name: text,
        help: text,
        optional: bool,
        flag: bool,
        maxLength: { type: 'integer', description: 'the longest value taken (1000 unless given): a long text' },
      },
      ['optional', 'flag', 'maxLength'],
    ),
    live: { type: 'boolean', description: 'a read-only command the page may re-run every second (the dealer’s view)' },
  },
  ['live'],
);
