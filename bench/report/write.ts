// Writes a run's results (the summary git keeps, the whole run beside it locally), the HTML report and comparison
// files, the last two local and ignored by git.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import stringify from 'json-stringify-pretty-compact';
import { BENCH_TMP } from '../lib/client-build.ts';
import { compareData } from './compare-data.ts';
import { compareRuns, compareTable } from './compare.ts';
import { htmlPage } from './html.ts';
import { drawCompare } from './page-compare.ts';
import { drawReport } from './page-report.ts';
import { reportData, type DeepPartial, type ResultsJson } from './report-data.ts';
import type { Sections } from '../lib/report.ts';

/** A run as the bench writes it (or a results file as read back). */
type WholeRun = { comparison?: unknown; sections?: DeepPartial<Sections> | Sections | null };

/**
 * What git keeps of a full run: its figures, the targets with their verdicts, and of the sections only the render
 * screens' medians and min–max, which `--compare` reads. The runs' samples and the comparison with the baseline (which
 * `--compare` can draw again at any time) stay in the local file.
 */
export function summaryOf<T extends WholeRun>(run: T) {
  const { comparison: _comparison, sections, ...kept } = run;
  return { ...kept, sections: { render: { summaries: sections?.render?.summaries ?? [] } } };
}

/** The whole run, in the bench's ignored directory, for the HTML report. */
export function localPathOf(jsonPath: string): string {
  return join(BENCH_TMP, basename(jsonPath));
}

/** One line per figure, target or metric: a new run's commit shows what changed, line by line. */
const asText = (value: unknown): string => `${stringify(value, { indent: 1, maxLength: 160 })}\n`;

/**
 * A complete run: the summary to `path` (for git) and the whole run beside the other local files. A partial run is
 * local already: the whole run to `path`. Returns the whole run's path.
 */
export function writeResults(path: string, run: WholeRun, complete: boolean): string {
  if (!complete) {
    writeFileSync(path, asText(run));
    return path;
  }
  const local = localPathOf(path);
  mkdirSync(BENCH_TMP, { recursive: true });
  writeFileSync(local, asText(run));
  writeFileSync(path, asText(summaryOf(run)));
  return local;
}

function readResults(path: string): ResultsJson {
  return JSON.parse(readFileSync(path, 'utf8')) as ResultsJson;
}

export function writeReport(jsonPath: string): string {
  const data = reportData(readResults(jsonPath), basename(jsonPath));
  const out = join(BENCH_TMP, basename(jsonPath, '.json') + '.html');
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
