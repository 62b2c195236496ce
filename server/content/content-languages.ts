// The languages content is written in (docs/content.md "Content languages").
import { LANGUAGES, type Language } from '../../domain/types.ts';
import { ApiError } from '../http/envelope.ts';
import { plainText, unsafeNewsHtml } from './sanitise.ts';

/** Every seeded item has it. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** One text per item: the reader's language (`lang`, a checked code's parameter), else the fallback, else the first. */
export const textJoin = (table: string, owner: string, columns: string, lang: string): string => `LEFT JOIN LATERAL (
    SELECT t.lang, ${columns} FROM ${table} t WHERE t.${owner}
     ORDER BY (t.lang = ${lang}) DESC, (t.lang = '${FALLBACK_LANGUAGE}') DESC, t.seq LIMIT 1) x ON true`;

export const TITLE_MAX = 200;
export const DESC_MAX = 1000;
export const CONTENT_MAX = 100_000;

/** No default: a typo must not write hk. */
export function contentLanguage(raw: string | undefined): Language {
  const code = (raw ?? '').trim().toLowerCase();
  if (!(LANGUAGES as readonly string[]).includes(code))
    throw new ApiError('content_texts.lang_unknown', undefined, {
      lang: code.slice(0, 20),
      langs: LANGUAGES.join(', '),
    });
  return code as Language;
}

/** Markup is refused, not silently dropped. */
export function plainField(raw: string | undefined, field: string, required: boolean, max: number): string {
  const text = (raw ?? '').trim();
  if (required && !text) throw new ApiError('field_required', undefined, { field });
  if (text.length > max) throw new ApiError('content_texts.too_long', undefined, { flag: field, max });
  if (plainText(text) !== text) throw new ApiError('content_texts.markup', undefined, { flag: field });
  return text;
}

/** Nothing in it the sanitiser would remove. */
export function newsBody(raw: string | undefined): string {
  const html = (raw ?? '').trim();
  if (html.length > CONTENT_MAX)
    throw new ApiError('content_texts.too_long', undefined, { flag: 'content', max: CONTENT_MAX });
  const unsafe = unsafeNewsHtml(html);
  if (unsafe) throw new ApiError('content_texts.html_unsafe', undefined, { what: unsafe });
  return html;
}
