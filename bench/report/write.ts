// Writes the HTML report and comparison files, both local and ignored by git.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BENCH_TMP } from '../lib/client-build.ts';
import { compareData } from './compare-data.ts';
import { compareRuns, compareTable } from './compare.ts';
import { htmlPage } from './html.ts';
import { drawCompare } from './page-compare.ts';
import { drawReport } from './page-report.ts';
import { reportData, type ResultsJson } from './report-data.ts';

function readResults(path: string): ResultsJson {
  return JSON.parse(readFileSync(path, 'utf8')) as ResultsJson;
}

/** In the bench's ignored directory. */
export function reportPathOf(jsonPath: string): string {
  return join(BENCH_TMP, basename(jsonPath, '.json') + '.html');
}

export function writeReport(jsonPath: string): string {
  const data = reportData(readResults(jsonPath), basename(jsonPath));
  const out = reportPathOf(jsonPath);
  mkdirSync(BENCH_TMP, { recursive: true });
  writeFileSync(out, htmlPage(data.title, data, drawReport));
  return out;
}

export function writeCompare(aPath: string, bPath: string, outDir: string): { table: string; html: string } {
  const a = readResults(aPath);
  const b = readResults(bPath);
  const nameA = basename(aPath);
  const nameB = basename(bPath);
  const table = compareTable(compareRuns(a, b), aPath, bPath);
  const data = compareData(a, b, nameA, nameB);
  mkdirSync(outDir, { recursive: true });
  const html = join(outDir, `compare-${nameA.replace(/\.json$/, '')}-vs-${nameB.replace(/\.json$/, '')}.html`);
  writeFileSync(html, htmlPage(data.title, data, drawCompare));
  return { table, html };
}
