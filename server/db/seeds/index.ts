// Run in order at every start, each in its own transaction; append new ones at the end.
import areaCodes from './area-codes.json' with { type: 'json' };
import { companiesSeeder } from './companies.ts';
import { depositsSeeder } from './deposits.ts';
import { fundsSeeder } from './funds.ts';
import type { Db } from '../db.ts';
import { rowsSeeder, type Seeder } from './seeder.ts';
import { contentSettingsSeeder, settingsSeeder } from './settings.ts';
import withdrawCurrencies from './withdrawals.json' with { type: 'json' };
import { newsSeeder } from './news.ts';
import traders from './traders.json' with { type: 'json' };
import { marketSeeder } from '../../market/market-seeder.ts';
import { swapsSeeder } from './swaps.ts';

export const seeders: Seeder[] = [
  settingsSeeder,
  // ISO alpha-2 → calling code, in display order; markets we do not serve (docs/contract.md §1) are absent.
  rowsSeeder(
    'area-codes',
    'area_codes',
    ['code'],
    Object.entries(areaCodes).map(([code, global_code], i) => ({ code, global_code, sort: (i + 1) * 10 })),
  ),
  companiesSeeder,
  marketSeeder,
  depositsSeeder,
  // Only stablecoins: docs/contract.md §5 rounds payouts to 2 decimals, zeroing a small BTC payout (docs/wallet.md).
  rowsSeeder('withdrawals', 'withdraw_currencies', ['type', 'code', 'protocol'], withdrawCurrencies),
  fundsSeeder,
  newsSeeder,
  // They keep the ranking from being empty on a new install; figures are illustrative and fixed.
  rowsSeeder('traders', 'seeded_traders', ['name'], traders),
  contentSettingsSeeder,
  // After the market's instruments.
  swapsSeeder,
];

export async function seed(db: Db, now: number, list: readonly Seeder[] = seeders): Promise<string[]> {
  const ran: string[] = [];
  for (const s of list) {
    await db.tx((q) => s.run(q, now));
    ran.push(s.name);
  }
  return ran;
}
