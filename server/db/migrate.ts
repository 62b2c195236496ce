// Numbering by room: 0xx accounts, 1xx market, 2xx engine, 3xx money, 4xx funds, 5xx content, 6xx security.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_RE = /^(\d{3})-([a-z0-9][a-z0-9-]*)\.sql$/;

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const byVersion = new Map<number, Migration>();
  for (const file of readdirSync(dir)) {
    const m = FILE_RE.exec(file);
    if (!m || m[1] === undefined || m[2] === undefined) continue;
    const version = Number(m[1]);
    const other = byVersion.get(version);
    if (other) throw new Error(`two migrations share number ${version}: ${other.name}, ${m[2]}`);
    byVersion.set(version, { version, name: m[2], sql: readFileSync(join(dir, file), 'utf8') });
  }
  return [...byVersion.values()].sort((a, b) => a.version - b.version);
}

/** One transaction each, in numeric order; `now` is recorded as applied_at. */
export async function migrate(db: Db, now: number, dir: string = MIGRATIONS_DIR): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at BIGINT NOT NULL
  )`);
  const applied = new Set(
    (await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  );
  const done: number[] = [];
  for (const m of loadMigrations(dir)) {
    if (applied.has(m.version)) continue;
    await db.tx(async (q) => {
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        now,
      ]);
    });
    done.push(m.version);
  }
  return done;
}
