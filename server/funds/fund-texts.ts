// A fund's name and description per language (docs/content.md "Content languages").
import type { Queryable } from '../db/db.ts';
import { FALLBACK_LANGUAGE, textJoin } from '../content/content-languages.ts';

/** `$param` is the reader's checked language. */
export const fundTextJoin = (param: string): string =>
  textJoin('fund_texts', 'fund_id = f.id', 't.title, t.description', param);

/** A fund without any text shows its internal name. */
export const FUND_TEXT_COLUMNS = `coalesce(x.lang, '${FALLBACK_LANGUAGE}') AS lang, coalesce(x.title, f.title) AS title,
  coalesce(x.description, '') AS description`;

export interface FundTextRow {
  lang: string;
  title: string;
  description: string;
  updated_at: string;
}

export function fundTexts(q: Queryable, fundId: number): Promise<FundTextRow[]> {
  return q.query<FundTextRow>(
    'SELECT lang, title, description, updated_at FROM fund_texts WHERE fund_id = $1 ORDER BY seq',
    [fundId],
  );
}

/** Without `replace` an existing one stays, so the seeder never overwrites an operator's text. */
export async function putFundText(
  q: Queryable,
  fund: { fundId: number } | { fundTitle: string },
  lang: string,
  text: { title: string; description: string },
  at: number,
  replace: boolean,
): Promise<void> {
  const [where, key] = 'fundId' in fund ? ['id = $1::int', fund.fundId] : ['title = $1::text', fund.fundTitle];
  await q.query(
    `INSERT INTO fund_texts (fund_id, lang, title, description, updated_at)
     SELECT id, $2, $3, $4, $5 FROM funds WHERE ${where}
     ON CONFLICT (fund_id, lang) DO ${replace ? 'UPDATE SET title = $3, description = $4, updated_at = $5' : 'NOTHING'}`,
    [key, lang, text.title, text.description, at],
  );
}
