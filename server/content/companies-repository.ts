// The companies directory's SQL (docs/contract.md §7 company/getCompany).
import type { Company } from '../../domain/types.ts';
import type { Queryable } from '../db/db.ts';

/** Its % and _ are not wildcards. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function findCompanies(db: Queryable, id: number | null, name: string): Promise<Company[]> {
  return db.query<Company>(
    `SELECT id, name, subject, logo, url, registered_address, location, email FROM companies
      WHERE ($1::int IS NULL OR id = $1) AND ($2 = '' OR name ILIKE $3 ESCAPE '\\')
      ORDER BY name LIMIT 50`,
    [id, name, likePattern(name)],
  );
}
