// Section 3b: Lighthouse 12 (mobile defaults: simulated throttling) on `/` and `/trade` against the running server,
// through its CLI with Debian's Chromium (pinned like the phone case). Lighthouse missing or failing is recorded,
// never fatal.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BENCH_FLAGS, wrapperExecutable } from '../render/browser.ts';

export interface LighthouseRun {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  /** Audits that failed in accessibility and best practices (ids), to say what to fix. */
  failing: string[];
  error: string | null;
  version: string | null;
}

const CLI = resolve('node_modules/lighthouse/cli/index.js');

export function lighthouseAvailable(): boolean {
  return existsSync(CLI);
}

interface LhrAudit {
  score: number | null;
  numericValue?: number;
  scoreDisplayMode?: string;
}
interface Lhr {
  lighthouseVersion?: string;
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<string, LhrAudit>;
  runtimeError?: { message: string };
}

function failingAudits(lhr: Lhr): string[] {
  const out: string[] = [];
  for (const cat of ['accessibility', 'best-practices', 'performance']) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (a && ref.weight > 0 && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative') out.push(`${cat}:${ref.id}`);
    }
  }
  return out;
}

export function runLighthouse(url: string, outDir: string, name: string, cpus: string | null): Promise<LighthouseRun> {
  mkdirSync(outDir, { recursive: true });
  const outPath = join(outDir, `${name}.report.json`);
  const flags = BENCH_FLAGS.filter((f) => f !== '--headless').concat('--headless=new');
  const args = [
    CLI,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outPath}`,
    '--only-categories=performance,accessibility,best-practices',
    `--chrome-flags=${flags.join(' ')}`,
    '--max-wait-for-load=60000',
  ];
  const empty: LighthouseRun = {
    url, performance: null, accessibility: null, bestPractices: null, lcpMs: null, tbtMs: null, cls: null, fcpMs: null,
    failing: [], error: null, version: null,
  };
  return new Promise((done) => {
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, CHROME_PATH: wrapperExecutable(cpus) }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
      (err, _stdout, stderr) => {
        if (err || !existsSync(outPath)) {
          done({ ...empty, error: `${err?.message ?? 'no report'} ${String(stderr).trim().slice(-300)}`.trim() });
          return;
        }
        try {
          const lhr = JSON.parse(readFileSync(outPath, 'utf8')) as Lhr;
          const score = (k: string): number | null => {
            const s = lhr.categories[k]?.score;
            return s === null || s === undefined ? null : Math.round(s * 100);
          };
          const num = (k: string): number | null => lhr.audits[k]?.numericValue ?? null;
          done({
            url,
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            lcpMs: num('largest-contentful-paint'),
            tbtMs: num('total-blocking-time'),
            cls: num('cumulative-layout-shift'),
            fcpMs: num('first-contentful-paint'),
            failing: failingAudits(lhr),
            error: lhr.runtimeError?.message ?? null,
            version: lhr.lighthouseVersion ?? null,
          });
        } catch (e) {
          done({ ...empty, error: `report unreadable: ${(e as Error).message}` });
        }
      },
    );
  });
}
