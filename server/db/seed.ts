import type { Db } from './db.ts';
import { seeders as defaultSeeders, type Seeder } from './seeds/index.ts';

export async function seed(db: Db, now: number, list: readonly Seeder[] = defaultSeeders): Promise<string[]> {
  const ran: string[] = [];
  for (const s of list) {
    await db.tx((q) => s.run(q, now));
    ran.push(s.name);
  }
  return ran;
}
