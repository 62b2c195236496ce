// What the stand-alone bench tools share: their flags, their builds, and where their traces go.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_TMP } from './client-build.ts';

export const log = (s: string): void => void process.stderr.write(`${s}\n`);

/** `--name=value` from the command line, else `def`. */
export const flag = (name: string, def: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;

/** `--dist=A,B` as absolute paths (else `fallback()`) and `--names=` for them, A, B, … by default. */
export function buildsArg(fallback: () => string): { dists: string[]; names: string[] } {
  const dists = flag('dist', '')
    .split(',')
    .filter(Boolean)
    .map((d) => resolve(d));
  if (dists.length === 0) dists.push(fallback());
  const names = flag('names', dists.map((_, i) => String.fromCharCode(65 + i)).join(',')).split(',');
  return { dists, names };
}

/** Gzipped, as bench/results/tmp/traces/<name>.trace.json.gz. */
export function saveTrace(name: string, trace: Buffer): void {
  mkdirSync(join(BENCH_TMP, 'traces'), { recursive: true });
  writeFileSync(join(BENCH_TMP, 'traces', `${name}.trace.json.gz`), gzipSync(trace));
}
