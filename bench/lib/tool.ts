// What the stand-alone bench tools share: their flags, their builds, and where their traces and results go.
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

/** A Markdown table's row; with `head`, its header row and the line under it. */
export const mdRow = (cells: readonly unknown[], head = false): string =>
  `| ${cells.join(' | ')} |${head ? `\n|${cells.map(() => '---').join('|')}|` : ''}`;

/** Gzipped, as bench/results/tmp/traces/<name>.trace.json.gz. */
export function saveTrace(name: string, trace: Buffer): void {
  mkdirSync(join(BENCH_TMP, 'traces'), { recursive: true });
  writeFileSync(join(BENCH_TMP, 'traces', `${name}.trace.json.gz`), gzipSync(trace));
}

/** As bench/results/tmp/<prefix>-<ISO time>.json. */
export function writeStamped(prefix: string, data: unknown): void {
  mkdirSync(BENCH_TMP, { recursive: true });
  const path = join(BENCH_TMP, `${prefix}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(path, JSON.stringify(data, null, 2));
}
