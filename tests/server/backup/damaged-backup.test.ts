// A damaged backup is refused before anything is written (docs/operations.md "Backups"): a tar cut inside valid
// gzip, sealed with the right key, and a file cut short are each refused with the file's name and the problem, the
// DATA_DIR is left as it was (no partial files, no hidden folder, no lock), and the retry with the good file works.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchive, writeBackup } from '../../../server/backup/backup.ts';
import { restoreBackup } from '../../../server/backup/restore.ts';
import { sealer } from '../../../server/backup/sealed.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { runCli } from '../../../server/ops/cli.ts';
import { slow } from '../../fixtures/slowness.ts';

let work: string;
let good = '';
const key = randomBytes(32);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'tickwise-damaged-'));
  // An embedded database with the app's tables, backed up as the server does.
  const db = await openPglite({ dataDir: 'memory://' });
  try {
    await migrate(db, Date.now());
    good = (await writeBackup(db, undefined, { dir: work, name: 'good.sealed' }, key)).file;
  } finally {
    await db.close();
  }
}, slow(120_000));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The good backup's tar cut in half, then gzipped whole and sealed with the right key: only the tar is damaged. */
async function cutInsideGzip(): Promise<string> {
  const tar = gunzipSync((await readArchive(good, () => key)).archive);
  const file = join(work, 'cut-tar.sealed');
  await pipeline(
    Readable.from([gzipSync(tar.subarray(0, Math.floor(tar.length / 2)))]),
    sealer(key, 'pglite'),
    createWriteStream(file),
  );
  return file;
}

const left = (dataDir: string): string[] => (existsSync(dataDir) ? readdirSync(dataDir) : []);

describe('a damaged backup', () => {
  it(
    'is refused before anything is written, naming the file and the problem; the good one then restores',
    async () => {
      const dataDir = join(work, 'data');
      const cutTar = await cutInsideGzip();
      await expect(restoreBackup(cutTar, { dataDir }, () => key)).rejects.toThrow(
        new RegExp(`^${cutTar}: cut short: the archive ends inside `),
      );
      expect(left(dataDir)).toEqual([]);

      const bytes = readFileSync(good);
      const cutFile = join(work, 'cut-file.sealed');
      writeFileSync(cutFile, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const err: string[] = [];
      const io = { out: () => undefined, err: (t: string) => err.push(t), fetch };
      const env = { BACKUP_KEY: key.toString('base64') };
      expect(await runCli(['restore', '--from', cutFile, '--data-dir', dataDir], env, io)).toBe(1);
      expect(err.join('\n')).toBe(`${cutFile}: damaged or altered (its authentication failed): use another backup`);
      expect(left(dataDir)).toEqual([]);

      const check = await restoreBackup(good, { dataDir }, () => key);
      expect(check.violations).toEqual([]);
      expect(left(dataDir)).toEqual(['pglite']);
      const restored = await openPglite({ dataDir: join(dataDir, 'pglite') });
      try {
        expect((await restored.query('SELECT count(*)::int AS n FROM accounts')).length).toBe(1);
      } finally {
        await restored.close();
      }
    },
    slow(120_000),
  );
});
