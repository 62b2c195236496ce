// Backups that restore (docs/operations.md "Backups"): a consistent copy of the running database written to a file,
// and that file restored into a stopped or fresh DATA_DIR or an empty PostgreSQL database, checked by the ledger's
// invariants before anyone relies on it.
// - PGlite: a checkpoint, then the data directory as a tarball (PGlite's dumpDataDir runs while no statement does:
//   a crash-consistent copy that replays its WAL to the last committed transaction), gzip-compressed.
// - PostgreSQL: pg_dump's custom format (one consistent snapshot), restored with pg_restore.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Db } from '../db/db.ts';
import type { PgliteDb } from '../db/pglite.ts';
import { ledgerViolations, type LedgerViolation } from '../ledger/invariants.ts';
import { runPgTool } from './pg-tools.ts';

export type BackupKind = 'pglite' | 'postgres';

export interface BackupFile {
  file: string;
  kind: BackupKind;
  bytes: number;
}

/** gzip's first two bytes: a PGlite backup; pg_dump's custom format starts with "PGDMP". */
export function backupKindOf(bytes: Uint8Array): BackupKind | null {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'pglite';
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres';
  return null;
}

/** Writes a backup of `db` to `file` (through a temporary name, so a half-written file never has the final name). */
export async function writeBackup(db: Db, databaseUrl: string | undefined, file: string): Promise<BackupFile> {
  const target = resolve(file);
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  if (db.kind === 'postgres') {
    if (!databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
    await runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`], databaseUrl);
  } else {
    const dump = (db as Partial<PgliteDb>).dump;
    if (!dump) throw new Error('this database cannot dump its data directory');
    await db.query('CHECKPOINT');
    const tar = new Uint8Array(await (await dump.call(db)).arrayBuffer());
    writeFileSync(partial, gzipSync(tar));
  }
  renameSync(partial, target);
  return { file: target, kind: db.kind, bytes: statSync(target).size };
}

/** A PGlite backup file as the tarball PGlite's loadDataDir takes. */
export function pgliteTarball(file: string): Blob {
  const bytes = readFileSync(file);
  if (backupKindOf(bytes) !== 'pglite') throw new Error(`${file} is not a PGlite backup (a .tar.gz this server wrote)`);
  return new Blob([gunzipSync(bytes)]);
}

/** Restores a PostgreSQL backup into an empty database. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  const bytes = readFileSync(file);
  if (backupKindOf(bytes) !== 'postgres')
    throw new Error(`${file} is not a PostgreSQL backup (pg_dump's custom format)`);
  await runPgTool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', file], databaseUrl);
}

/** Tables in the public schema: a restore target must have none. */
export async function userTables(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.name);
}

export interface RestoreCheck {
  violations: LedgerViolation[];
  accounts: number;
  records: number;
}

/** The ledger's invariants on a restored database, with what it holds. */
export async function checkRestored(db: Db): Promise<RestoreCheck> {
  const [row] = await db.query<{ accounts: string; records: string }>(
    'SELECT (SELECT count(*) FROM accounts)::text AS accounts, (SELECT count(*) FROM financial_records)::text AS records',
  );
  return {
    violations: await ledgerViolations(db),
    accounts: Number(row?.accounts ?? 0),
    records: Number(row?.records ?? 0),
  };
}
