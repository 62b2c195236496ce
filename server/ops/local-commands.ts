// These open the database themselves, so the server must be stopped (docs/operations.md).
import { parseArgs } from 'node:util';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { systemClock } from '../core/system-time.ts';
import { restoreBackup, pgliteDirOf, type RestoreTarget } from '../backup/restore.ts';
import { migrateToPostgres } from '../backup/migrate-to-postgres.ts';
import { openingKey } from '../backup/backup-key.ts';
import { lockPgliteDir } from '../db/dir-lock.ts';
import { existsSync } from 'node:fs';
import type { OpsCommandInfo } from './command.ts';

export interface LocalIo {
  out(text: string): void;
  err(text: string): void;
}

/** Says why on stderr and answers the exit code. */
export function fail(io: LocalIo, why: string, code: 1 | 2): number {
  io.err(why);
  return code;
}

interface LocalCommand {
  summary: string;
  flags: Record<string, string>;
  run(values: Record<string, string | undefined>, env: NodeJS.ProcessEnv, io: LocalIo): Promise<number>;
}

const LOCAL_COMMANDS: Readonly<Record<string, LocalCommand>> = {
  restore: {
    summary: 'Restore a backup into a stopped or fresh DATA_DIR, or an empty PostgreSQL database, and check its ledger',
    flags: {
      from: 'the backup file (.tar.gz for the embedded database, .dump for PostgreSQL)',
      'data-dir': 'restore into this DATA_DIR (default: DATA_DIR, else ./data)',
      'database-url': 'restore into this empty PostgreSQL database instead (default: DATABASE_URL when set)',
      'key-file': 'the backup key (default: BACKUP_KEY, else backup.key in the DATA_DIR restored into, or DATA_DIR)',
    },
    async run(v, env, io) {
      if (!v.from) throw new UsageError('--from is required');
      const url = v['database-url'] ?? (v['data-dir'] ? undefined : env.DATABASE_URL || undefined);
      const dataDir = v['data-dir'] ?? (env.DATA_DIR || 'data');
      const target: RestoreTarget = url ? { databaseUrl: url } : { dataDir };
      const key = () => openingKey({ dataDir, configured: env.BACKUP_KEY || undefined, keyFile: v['key-file'] });
      const check = await restoreBackup(v.from, target, key);
      const where = 'databaseUrl' in target ? 'the PostgreSQL database' : pgliteDirOf(target.dataDir);
      if (check.violations.length > 0) {
        io.err(`restored into ${where}, but its ledger does not hold (${check.violations.length} problems):`);
        for (const x of check.violations.slice(0, 20)) io.err(`  ${x.rule} user ${x.userId}: ${x.detail}`);
        return 1;
      }
      io.out(`restored into ${where}: ${check.accounts} accounts, ${check.records} ledger records, ledger checked`);
      return 0;
    },
  },

  'migrate-to-postgres': {
    summary: 'Copy the embedded database (server stopped) into an empty PostgreSQL database, checked before and after',
    flags: {
      'database-url': 'the empty PostgreSQL database, postgres://user:password@host:5432/name',
      'data-dir': 'the DATA_DIR to copy from (default: DATA_DIR, else ./data)',
    },
    async run(v, env, io) {
      const url = v['database-url'];
      if (!url) throw new UsageError('--database-url is required');
      const dir = pgliteDirOf(v['data-dir'] ?? (env.DATA_DIR || 'data'));
      if (!existsSync(dir)) throw new UsageError(`no embedded database at ${dir}: name it with --data-dir`);
      // Held for the whole copy: a server still writing the folder would lose the trades made after it.
      const unlock = lockPgliteDir(dir);
      const source = await openPglite({ dataDir: dir }).catch((err: unknown) => {
        unlock();
        throw err;
      });
      try {
        const target = await openPostgres({ url });
        try {
          const report = await migrateToPostgres(source, target, systemClock.now());
          const rows = report.tables.reduce((n, t) => n + t.rows, 0);
          io.out(`copied ${report.tables.length} tables, ${rows} rows; row counts, money and ledger checked`);
          io.out('next: start the server with DATABASE_URL set to that database (docs/scaling.md)');
          return 0;
        } finally {
          await target.close();
        }
      } finally {
        await source.close();
        unlock();
      }
    },
  },
};

class UsageError extends Error {}

/** Listed in the CLI's help as the server lists its own. */
export const LOCAL_COMMAND_INFOS: readonly OpsCommandInfo[] = Object.entries(LOCAL_COMMANDS).map(([name, c]) => ({
  name,
  summary: `${c.summary} (runs here, with the server stopped)`,
  params: Object.entries(c.flags).map(([flag, help]) => ({ name: flag, help })),
}));

/** Strict: an unknown flag or a bare word throws; a `flag` param given reads "yes". */
export function parseFlags(args: readonly string[], params: readonly { name: string; flag?: boolean }[]) {
  const options = Object.fromEntries(params.map((p) => [p.name, { type: p.flag ? 'boolean' : 'string' } as const]));
  const parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values;
  const given = Object.entries(parsed).filter(([, v]) => v !== false);
  return Object.fromEntries(given.map(([k, v]) => [k, v === true ? 'yes' : v])) as Record<string, string | undefined>;
}

/** Undefined when `name` is not a local command. */
export async function runLocalCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: LocalIo,
): Promise<number | undefined> {
  const [name, ...rest] = argv;
  const cmd = name ? LOCAL_COMMANDS[name] : undefined;
  if (!cmd) return undefined;
  try {
    const values = parseFlags(
      rest,
      Object.keys(cmd.flags).map((name) => ({ name })),
    );
    return await cmd.run(values, env, io);
  } catch (err) {
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    io.err(err instanceof Error ? err.message : String(err));
    return usage ? 2 : 1;
  }
}
