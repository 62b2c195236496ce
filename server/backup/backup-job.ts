// Scheduled backups on the market writer; a failed one is logged and retried, never stopping the writer.
import type { Services } from '../core/services.ts';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DAY_MS } from '../../domain/time.ts';
import type { Db } from '../db/db.ts';
import { writeBackup, type BackupFile } from './backup.ts';
import { startRepeatingJob, type RepeatingJob } from '../core/repeating-job.ts';

export interface BackupSchedule {
  dir: string;
  everyMs: number;
  keep: number;
}

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: DAY_MS };
const DEFAULT_BACKUP_KEEP = 7;

/** `30m`, `6h` or `1d`, at least 1 minute. */
export function parseEvery(raw: string): number {
  const m = /^(\d{1,4})([mhd])$/.exec(raw.trim());
  const n = Number(m?.[1] ?? 0);
  if (!m || n < 1) throw new Error(`BACKUP_EVERY must be a period such as 30m, 6h or 1d, got "${raw}"`);
  return n * (UNITS[m[2] ?? 'm'] ?? 60_000);
}

/** Undefined without BACKUP_DIR; BACKUP_EVERY defaults to 1d, BACKUP_KEEP to 7. */
export function backupEnv(env: NodeJS.ProcessEnv): BackupSchedule | undefined {
  if (!env.BACKUP_DIR) return undefined;
  const keepRaw = env.BACKUP_KEEP ?? '';
  const keep = keepRaw === '' ? DEFAULT_BACKUP_KEEP : Number(keepRaw);
  if (!Number.isInteger(keep) || keep < 1 || keep > 1000)
    throw new Error(`BACKUP_KEEP must be a whole number from 1 to 1000, got "${keepRaw}"`);
  return { dir: env.BACKUP_DIR, everyMs: parseEvery(env.BACKUP_EVERY || '1d'), keep };
}

const NAME = /^tickwise-\d{8}T\d{6}Z\.(tar\.gz|dump)(\.sealed)?$/;

/** tickwise-20261125T013000Z.tar.gz.sealed (PGlite) or .dump.sealed (PostgreSQL). */
export function backupName(at: number, kind: Db['kind']): string {
  const stamp = new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `tickwise-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}.sealed`;
}

/** Only files this job named are removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const ours = readdirSync(dir)
    .filter((f) => NAME.test(f))
    .sort();
  const gone = ours.slice(0, Math.max(0, ours.length - keep));
  for (const f of gone) rmSync(join(dir, f), { force: true });
  return gone;
}

interface BackupJobDeps extends Pick<Services, 'db' | 'clock' | 'timers' | 'log'> {
  databaseUrl: string | undefined;
  key: () => Buffer;
}

export function startBackupJob(deps: BackupJobDeps, schedule: BackupSchedule): RepeatingJob {
  const once = async (): Promise<BackupFile | undefined> => {
    const name = backupName(deps.clock.now(), deps.db.kind);
    const file = join(schedule.dir, name);
    try {
      const done = await writeBackup(deps.db, deps.databaseUrl, { dir: schedule.dir, name }, deps.key());
      const removed = pruneBackups(schedule.dir, schedule.keep);
      deps.log.info({ backup: { file: done.file, bytes: done.bytes, removed: removed.length } }, 'backup written');
      return done;
    } catch (err) {
      deps.log.error({ err, backup: { file } }, 'backup failed');
      return undefined;
    }
  };
  return startRepeatingJob(deps, schedule.everyMs, once, { failed: 'backup failed' });
}
