// 30 fictional firms, so words such as "capital", "markets" or "securities" match several; added by name on restart.
import companies from './companies.json' with { type: 'json' };
import { rowsSeeder } from './seeder.ts';
import type { Company } from '../../../domain/types.ts';

/** A row of the companies table, with initials and a colour in place of the logo drawn from them. */
interface CompanySeed extends Omit<Company, 'id' | 'logo'> {
  initials: string;
  colour: string;
}

const COMPANIES: readonly CompanySeed[] = companies;

/** A data: URL, so there is no file to serve. */
export function initialsLogo(initials: string, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/>` +
    `<text x="32" y="41" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const companiesSeeder = rowsSeeder(
  'companies',
  'companies',
  ['name'],
  COMPANIES.map(({ initials, colour, ...c }) => ({ ...c, logo: initialsLogo(initials, colour) })),
);
