// Markets we do not serve (docs/contract.md §1: North Korea, Israel, China, Vanuatu, Cuba) are absent.
import type { Seeder } from './seeder.ts';

/** [ISO alpha-2, calling code] in display order. */
export const AREA_CODES: ReadonlyArray<readonly [string, string]> = [
  ['HK', '+852'],
  ['TW', '+886'],
  ['MO', '+853'],
  ['SG', '+65'],
  ['MY', '+60'],
  ['TH', '+66'],
  ['VN', '+84'],
  ['ID', '+62'],
  ['PH', '+63'],
  ['JP', '+81'],
  ['KR', '+82'],
  ['IN', '+91'],
  ['AE', '+971'],
  ['SA', '+966'],
  ['TR', '+90'],
  ['RU', '+7'],
  ['DE', '+49'],
  ['FR', '+33'],
  ['IT', '+39'],
  ['ES', '+34'],
  ['PT', '+351'],
  ['CZ', '+420'],
  ['GB', '+44'],
  ['US', '+1'],
  ['CA', '+1'],
  ['AU', '+61'],
  ['BR', '+55'],
];

export const areaCodesSeeder: Seeder = {
  name: 'area-codes',
  async run(q) {
    // One statement for the whole list: seeding runs at every start, including every test server's.
    const params: Array<string | number> = [];
    const rows = AREA_CODES.map(([code, globalCode], i) => {
      params.push(code, globalCode, (i + 1) * 10);
      return `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3}::int)`;
    });
    await q.query(
      `INSERT INTO area_codes (code, global_code, sort) VALUES ${rows.join(', ')} ON CONFLICT (code) DO NOTHING`,
      params,
    );
  },
};
