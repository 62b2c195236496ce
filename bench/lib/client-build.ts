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

export function sourcesNewerThan(dir: string): boolean {
  const marker = join(dir, 'index.html');
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

function viteBuild(outDir: string, config: string | null): void {
  // --manifest: the bundle report walks Vite's chunk graph; nothing else changes.
  const args = ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'];
  if (config) args.push('--config', config);
  execFileSync('npx', args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

export function ensureBuilds(log: (s: string) => void): { prod: string; probe: string } {
  if (sourcesNewerThan(DIST_PROD)) {
    log('building the client (production) …');
    viteBuild(DIST_PROD, null);
  }
  if (sourcesNewerThan(DIST_PROBE)) {
    log('building the client with the bench probe …');
    viteBuild(DIST_PROBE, 'bench/vite.bench.config.ts');
  }
  return { prod: DIST_PROD, probe: DIST_PROBE };
}
