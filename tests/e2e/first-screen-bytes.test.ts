// the first screen's bytes, as the bench counts them (bench/startup/bundle.ts over Vite's manifest: the
// entry's static imports plus the market page's, gzip -9): a size check, not a timing. The budget is this build's
// figure's ceiling, the goal of 110 KB, so a change that puts a library back on the first screen (i18next is
// ~16 KB gzip, Comlink ~1.5, virtua ~3.4) fails here (bench/README.md "The first screen's bytes").
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleReport, type BundleReport } from '../../bench/startup/bundle.ts';
import { CHART_CHUNK, COMPILE_ALL_HINT } from '../../vite.config.ts';
import { slow } from '../fixtures/slowness.ts';

/** First-screen JS, gzip, in KB (1,024 B): react-router and its <Link> as shipped cost ~7 KB, not worth a private
 * fork of a library's build (bench/README.md "The first screen's bytes"). */
const FIRST_SCREEN_JS_BUDGET_KB = 110;
const KB = 1024;

/** The build the browser tests serve, when it carries its manifest (scripts/test.sh builds it so). */
const SERVED = 'dist';
let out = SERVED;
let report: BundleReport;
beforeAll(() => {
  // A run of this file alone builds its own: the served one may lack the manifest the report walks.
  if (!existsSync(join(SERVED, '.vite', 'manifest.json'))) {
    out = mkdtempSync(join(tmpdir(), 'tickwise-first-bytes-'));
    // NODE_ENV: vitest sets 'test', which would give a build with React's development files.
    execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  report = bundleReport(out);
}, slow(180_000));
afterAll(() => {
  if (out !== SERVED) rmSync(out, { recursive: true, force: true });
});

describe("the first screen's bytes", () => {
  it(`its JS is at most ${FIRST_SCREEN_JS_BUDGET_KB} KB gzip`, () => {
    const kb = report.firstScreen.jsGzip / KB;
    expect(
      kb,
      report.firstScreen.js.map((f) => `${f.file} ${(f.gzip / KB).toFixed(1)} KB`).join(', '),
    ).toBeLessThanOrEqual(FIRST_SCREEN_JS_BUDGET_KB);
  });

  it("asks V8 to compile the chart's chunk whole as it arrives, and no other", () => {
    const files = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js'));
    const hinted = files.filter((f) =>
      readFileSync(join(out, 'assets', f), 'utf8').startsWith(`${COMPILE_ALL_HINT}\n`),
    );
    expect(hinted.map((f) => f.replace(/-[\w-]{8}\.js$/, ''))).toEqual([CHART_CHUNK]);
  });

  it('carries neither i18next nor Comlink nor lightweight-charts nor the HTTP client nor virtua', () => {
    const packages = new Set(report.firstScreen.js.flatMap((f) => f.packages));
    for (const p of ['i18next', 'react-i18next', 'comlink', 'lightweight-charts', 'axios', 'virtua'])
      expect(packages, p).not.toContain(p);
  });
});
