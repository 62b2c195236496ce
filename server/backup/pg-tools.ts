// pg_dump and pg_restore for backups; the password goes in PGPASSWORD, never on the command line where `ps` shows it.
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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
export function streamPgTool(
  name: 'pg_dump' | 'pg_restore',
  args: readonly string[],
  databaseUrl: string,
): { stdout: Readable; done: Promise<void> } {
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
