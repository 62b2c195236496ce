// Wire types of the content screens (docs/contract.md §3), shared by app and server.
import type { Language } from './types.ts';

export interface NewsItem {
  id: number;
  /** Another language than the reader's is a fallback, marked on screen. */
  lang: Language;
  title: string;
  desc: string;
  logo: string;
  created_at: string; // UTC "YYYY-MM-DD HH:mm:ss"
}

export interface NewsDetail extends NewsItem {
  content: string; // sanitised by the server, and again by the app before inserting it
}

/** The screens stop loading when loaded >= total. */
export interface Paged<T> {
  data: T[];
  total: number;
}

/** Rates and win rate are percent with 2 decimals; profit USD with 2 decimals. */
export interface Trader {
  rank: number; // 1-based, in the whole ranking
  user: string; // masked for real users
  code: string; // the variety traded most over the three weeks
  multiple: number; // the multiplier used most
  three_week_rate: string;
  three_week_win: string;
  three_week_profit: string;
  total_rate: string;
  total_trade_num: number;
  followers: number;
  /** 1: a seeded sample trader that keeps the list non-empty; shown, never copied (docs/content.md "Ranking"). */
  is_sample: number;
}

/** `leverage` is the wire's `multiple` (docs/glossary.md). */
export type RankedTrader = Omit<Trader, 'multiple'> & { leverage: number };

export interface InviteInfo {
  invite_code: string;
  invite_count: number; // users who registered with this code
}

export interface Announcement {
  title: string;
  content: string; // plain text, paragraphs separated by blank lines
}

/** The hash route of docs/contract.md §2, on the app's own address. */
export function inviteLink(appBase: string, code: string): string {
  return `${appBase.replace(/[#?].*$/, '')}#/register?invite_code=${encodeURIComponent(code)}`;
}
