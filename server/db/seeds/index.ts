// Run in order at every start, each in its own transaction; append new ones at the end.
import { areaCodesSeeder } from './area-codes.ts';
import { companiesSeeder } from './companies.ts';
import { depositsSeeder } from './deposits.ts';
import { fundsSeeder } from './funds.ts';
import type { Db } from '../db.ts';
import type { Seeder } from './seeder.ts';
import { settingsSeeder } from './settings.ts';
import { withdrawalsSeeder } from './withdrawals.ts';
import { newsSeeder } from './news.ts';
import { tradersSeeder } from './traders.ts';
import { contentSettingsSeeder } from './announcement.ts';
import { marketSeeder } from '../../market/market-seeder.ts';
import { swapsSeeder } from './swaps.ts';

export const seeders: Seeder[] = [
  settingsSeeder,
  areaCodesSeeder,
  companiesSeeder,
  marketSeeder,
  depositsSeeder,
  withdrawalsSeeder,
  fundsSeeder,
  newsSeeder,
  tradersSeeder,
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
