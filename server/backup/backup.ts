// Sealed backups, checked by the ledger's invariants once restored (docs/operations.md "Backups").
import { spawn } from 'node:child_process';
import { constants, existsSync, readdirSync } from 'node:fs';
import { link, mkdir, mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Db, Queryable } from '../db/db.ts';
import type { PgliteDb } from '../db/pglite.ts';
import { ApiError } from '../http/envelope.ts';
import { ledgerViolations, type LedgerViolation } from '../ledger/invariants.ts';
import { BadBackup, isSealed, sealer, unseal, type BackupKind } from './sealed.ts';

export interface BackupFile {
  file: string;
  kind: BackupKind;
  bytes: number;
}

/** PGlite archives are gzip; pg_dump's custom format starts with "PGDMP". */
export function backupKindOf(bytes: Uint8Array): BackupKind | null {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'pglite';
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres';
  return null;
}

/** Never a path, so no backup lands outside BACKUP_DIR where the app port could serve it. */
const BACKUP_NAME = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

interface BackupPlace {
  dir: string;
  name: string;
}

/** The only writer of backup files: mode 0600, never over an existing file, streamed so the event loop stays free. */
export async function writeBackup(
  db: Db,
  databaseUrl: string | undefined,
  place: BackupPlace,
  key: Buffer,
): Promise<BackupFile> {
  if (!BACKUP_NAME.test(place.name)) throw new ApiError('staff.backup_name_invalid', undefined, { name: place.name });
  const dir = resolve(place.dir);
  const target = join(dir, place.name);
  if (await exists(target)) throw new ApiError('staff.backup_exists', undefined, { name: place.name });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const partial = join(dir, `.${place.name}.${process.pid}.partial`);
  const handle = await open(partial, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    const out = handle.createWriteStream();
    if (db.kind === 'postgres') {
      if (!databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
      const dump = streamPgTool('pg_dump', ['--format=custom', '--no-owner'], databaseUrl);
      await Promise.all([pipeline(dump.stdout, sealer(key, 'postgres'), out), dump.done]);
    } else {
      const dump = (db as Partial<PgliteDb>).dump;
      if (!dump) throw new Error('this database cannot dump its data directory');
      await db.query('CHECKPOINT');
      const tar = new Uint8Array(await (await dump.call(db)).arrayBuffer());
      await pipeline(Readable.from(slices(tar)), createGzip(), sealer(key, 'pglite'), out);
    }
    await link(partial, target).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'EEXIST' ? new ApiError('staff.backup_exists', undefined, { name: place.name }) : err;
    });
  } finally {
    await handle.close().catch(() => undefined);
    await rm(partial, { force: true });
  }
  return { file: target, kind: db.kind, bytes: (await stat(target)).size };
}

/** Pieces of 1 MB, so gzip and the cipher take turns with the server's requests. */
function* slices(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += 1 << 20) yield bytes.subarray(at, at + (1 << 20));
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? false : Promise.reject(err)),
  );

/** An unsealed file is a backup from before sealing and is read as it is. */
export async function readArchive(file: string, key: () => Buffer): Promise<{ kind: BackupKind; archive: Buffer }> {
  const bytes = await readFile(file);
  if (isSealed(bytes)) return unseal(file, bytes, key());
  const kind = backupKindOf(bytes);
  if (!kind) throw new BadBackup(file, 'not a backup (neither a sealed backup, a .tar.gz nor a pg_dump)');
  return { kind, archive: bytes };
}

/** pg_restore reads the archive from a private temporary file. */
export async function restorePostgres(archive: Buffer, databaseUrl: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'tickwise-restore-'));
  try {
    const file = join(dir, 'backup.dump');
    await writeFile(file, archive, { mode: 0o600 });
    const restore = streamPgTool(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--single-transaction', file],
      databaseUrl,
    );
    restore.stdout.resume(); // it writes into the database, so nothing here is wanted
    await restore.done;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A restore target must have none. */
export async function userTables(db: Queryable): Promise<string[]> {
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

/** pg_dump and pg_restore; the password goes in PGPASSWORD, never on the command line where `ps` shows it. */
export function pgTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN_DIR) return join(env.PG_BIN_DIR, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(root, versions[0], 'bin', name) : name;
}

/** Streamed, never held whole; `done` rejects with its stderr, never the password. */
function streamPgTool(name: 'pg_dump' | 'pg_restore', args: readonly string[], databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const child = spawn(pgTool(name), [...args, `--dbname=${url.toString()}`], {
    env: { ...process.env, PGPASSWORD: password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err) => reject(new Error(`${name} failed: ${err.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed: ${stderr.trim() || `exit code ${code}`}`)),
    );
  });
  return { stdout: child.stdout, done };
}
