// Writes the HTML files: the report of one results file (beside it, same name with .html) and the comparison of
// two (bench/results/tmp/compare-<A>-vs-<B>.html, plus the table for the terminal).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { compareData } from './compare-data.ts';
import { compareRuns, compareTable } from './compare.ts';
import { htmlPage } from './html.ts';
import { drawCompare } from './page-compare.ts';
import { drawReport } from './page-report.ts';
import { reportData, type ResultsJson } from './report-data.ts';

function readResults(path: string): ResultsJson {
  return JSON.parse(readFileSync(path, 'utf8')) as ResultsJson;
}

/** The report's path for a results file: the same name, .html. */
export function reportPathOf(jsonPath: string): string {
  return jsonPath.replace(/\.json$/, '') + '.html';
}

export function writeReport(jsonPath: string): string {
  const data = reportData(readResults(jsonPath), basename(jsonPath));
  const out = reportPathOf(jsonPath);
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
