// A backup does not stall the server (docs/operations.md "Backups"): while a backup of a database made big is being
// compressed, sealed and written, a request is answered — before the backup has finished. On both databases; PGlite
// on its worker thread, as production runs it. (The archive used to be gzipped whole on the event loop, so every
// request, /healthz included, waited for the whole backup.)
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTake } from '../../../server/ops/commands/backup.ts';
import { runAs } from '../../../server/ops/run.ts';
import { startTestServer, TEST_OPERATOR, type TestServer } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tickwise-backup-stall-'));
  server = await startTestServer({ backupDir: dir, pgliteWorker: true });
  // Ballast that compresses poorly: about 24 MB of hex text, so the backup takes many turns of the event loop.
  await server.ctx.db.exec('CREATE TABLE backup_ballast (id SERIAL PRIMARY KEY, body TEXT NOT NULL)');
  await server.ctx.db.exec(
    `INSERT INTO backup_ballast (body)
       SELECT string_agg(md5(g::text || ':' || k::text), '') FROM generate_series(1, 3000) g,
              generate_series(1, 125) k GROUP BY g`,
  );
}, slow(120_000));

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Bytes written so far to the backup's hidden temporary file (0 before it exists). */
function partialBytes(): number {
  const partial = readdirSync(dir).find((f) => f.endsWith('.partial'));
  return partial ? statSync(join(dir, partial)).size : 0;
}

describe('a backup of a big database', () => {
  it(
    'leaves the server answering while it is written',
    async () => {
      let finished = false;
      const backup = runAs(server.ctx, backupTake, { to: 'big.sealed' }, TEST_OPERATOR).finally(() => {
        finished = true;
      });
      // The file is being written: the archive is streaming through gzip and the cipher.
      await expect.poll(partialBytes, { timeout: slow(90_000), interval: 5 }).toBeGreaterThan(0);
      const health = await fetch(`${server.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(finished).toBe(false);
      expect(await backup).toMatchObject({ file: join(dir, 'big.sealed') });
      expect(statSync(join(dir, 'big.sealed')).size).toBeGreaterThan(5_000_000);
    },
    slow(180_000),
  );
});
