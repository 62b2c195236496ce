// The shape of one idempotent seeder: safe to run on every start, never overwrites what an operator changed.
import type { Queryable } from '../db.ts';

export interface Seeder {
  name: string;
  run(q: Queryable, now: number): Promise<void>;
}
