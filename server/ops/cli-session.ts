// Never the password or the code: those are asked for at each login (docs/back-office.md "The CLI").
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface SavedSession {
  url: string;
  token: string;
  login: string;
}

export function sessionPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'tickwise', 'ops-session.json');
}

export function readSession(env: NodeJS.ProcessEnv, url: string): SavedSession | null {
  try {
    const s = JSON.parse(readFileSync(sessionPath(env), 'utf8')) as Partial<SavedSession>;
    return s.url === url && typeof s.token === 'string' && typeof s.login === 'string'
      ? { url, token: s.token, login: s.login }
      : null;
  } catch {
    return null;
  }
}

export function saveSession(env: NodeJS.ProcessEnv, s: SavedSession): string {
  const path = sessionPath(env);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(s)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600); // an older file keeps its mode on write: make sure
  return path;
}

export function forgetSession(env: NodeJS.ProcessEnv): void {
  rmSync(sessionPath(env), { force: true });
}
