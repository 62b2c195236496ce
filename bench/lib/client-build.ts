// The bench's two client builds (production and probe-enabled), each rebuilt only when a source is newer.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const BENCH_TMP = resolve('bench/results/tmp');
export const DIST_PROD = join(BENCH_TMP, 'dist-prod');
export const DIST_PROBE = join(BENCH_TMP, 'dist-probe');

// scripts/ holds the build's plugins; the prerendered screen draws server/market/instrument-catalogue.ts.
const SOURCES = [
  'src',
  'workers',
  'locales',
  'public',
  'scripts',
  'server/market/instrument-catalogue.ts',
  'index.html',
  'vite.config.ts',
  'bench/vite.bench.config.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Rebuilt only when a source is newer than the build's index.html. */
function build(outDir: string, config: string | null, what: string, log: (s: string) => void): void {
  const marker = join(outDir, 'index.html');
  const built = existsSync(marker) ? statSync(marker).mtimeMs : -1;
  if (SOURCES.every((s) => newestMtime(s) <= built)) return;
  log(`building the client ${what} …`);
  // --manifest: the bundle report walks Vite's chunk graph; nothing else changes.
  const args = ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'];
  if (config) args.push('--config', config);
  execFileSync('npx', args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

export function ensureBuilds(log: (s: string) => void): void {
  build(DIST_PROD, null, '(production)', log);
  build(DIST_PROBE, 'bench/vite.bench.config.ts', 'with the bench probe', log);
}
