// `server/main.ts` as a real process: starts from the environment on a free port, prints the URL and the demo hint,
// stops cleanly on SIGTERM, and a restart on the same database still has the accounts. On TEST_DB=postgres it
// runs with DATABASE_URL; otherwise on PGlite files in DATA_DIR (pre-filled from the template to save an initdb).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, LoginResult } from '../../src/domain/types.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { api, freshDatabase, type FreshDb } from './harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-main-'));
const children: ChildProcess[] = [];
let fresh: FreshDb;

beforeAll(async () => {
  fresh = await freshDatabase();
  if (fresh.pgliteTemplate) {
    const db = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: fresh.pgliteTemplate });
    await db.close();
  }
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function start(): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (fresh.databaseUrl) env.DATABASE_URL = fresh.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) resolve({ child, url: m[1], output: () => out });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited early (${code}):\n${out}`)));
  });
}

function stop(s: Started): Promise<number | null> {
  return new Promise((resolve) => {
    s.child.once('exit', (code) => resolve(code));
    s.child.kill('SIGTERM');
  });
}

describe('the server process', () => {
  it('starts, prints how to try the demo, stops on SIGTERM, and keeps data across a restart', async () => {
    const first = await start();
    expect(first.output()).toMatch(/demo/i);
    const client = api(first.url, { lang: 'en' });
    expect((await client.get('/healthz')).code).toBe(1);
    const demo = await client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: 'restart-check-1' });
    expect(demo.code).toBe(1);
    expect(await stop(first)).toBe(0);

    const second = await start();
    const again = await api(second.url).get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: 'restart-check-1' });
    expect(again.data.user.id).toBe(demo.data.user.id);
    // The old token is still valid: sessions live in the database, not in memory.
    const bal = await api(second.url, { token: demo.data.token }).get<Balance>('/v1/api/main/wallet/getBalance');
    expect(bal).toMatchObject({ code: 1, data: { balance: '100000.00' } });
    expect(await stop(second)).toBe(0);
  }, 60_000);
});
