// Markets we do not serve (docs/contract.md §1: North Korea, Israel, China, Vanuatu, Cuba) are absent.
import areaCodes from './area-codes.json' with { type: 'json' };
import type { Seeder } from './seeder.ts';

/** ISO alpha-2 → calling code, in display order. */
const AREA_CODES: Readonly<Record<string, string>> = areaCodes;

export const areaCodesSeeder: Seeder = {
  name: 'area-codes',
  async run(q) {
    // One statement for the whole list: seeding runs at every start, including every test server's.
    const params: Array<string | number> = [];
    const rows = Object.entries(AREA_CODES).map(([code, globalCode], i) => {
      params.push(code, globalCode, (i + 1) * 10);
      return `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3}::int)`;
    });
    await q.query(
      `INSERT INTO area_codes (code, global_code, sort) VALUES ${rows.join(', ')} ON CONFLICT (code) DO NOTHING`,
      params,
    );
  },
};
