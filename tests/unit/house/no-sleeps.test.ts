// Tests wait for a condition, not for the clock: a fake clock (Clock, Timers, vi.useFakeTimers), an awaited event,
// or a poll of the real condition (tests/fixtures/until.ts, expect.poll, Playwright's waitForFunction). A sleep
// before an assertion passes on a fast machine whether or not the behaviour broke, and fails on a slow one when it
// did not. This finds the sleeps: `waitForTimeout(`, a promise resolved by a timer of a fixed length, whether a literal
// or a constant (`new Promise((r) => setTimeout(r, POLL_MS))`), and an awaited timer or sleep helper; a zero-length
// timer only yields to the event loop and is not one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const TESTS = join(ROOT, 'tests');
const SELF = 'unit/house/no-sleeps.test.ts';

const SLEEPS = [
  /\bwaitForTimeout\(/g,
  // a promise resolved by a timer of any length but zero: a literal, a constant or an expression
  /\bsetTimeout\(\s*(?:r|res|resolve|done|\(\)\s*=>\s*(?:r|res|resolve|done)\(\))\s*,(?!\s*0\s*\))[^)]+\)/g,
  // an awaited timer (node:timers/promises) or a sleep helper
  /\bawait\s+(?:setTimeout|sleep|delay)\((?!\s*0\s*\))\s*[^)\s]/g,
];

/**
 * The sleeps left, per file, each with why. Waiting IS the behaviour in each (the count must match exactly, so a
 * fixed one cannot stay listed and a new one cannot hide behind an old one).
 */
const ALLOWED: Record<string, { count: number; why: string }> = {
  'e2e/app-server.ts': { count: 1, why: 'the poll step of waiting for /healthz of a starting server process' },
  'fixtures/until.ts': { count: 1, why: 'the poll step of until(), the condition poll every test waits with' },
  'e2e/firefox.ts': { count: 1, why: "the poll step of the Firefox driver's waitForURL (Playwright's own polls too)" },
  'server/support/ws-client.ts': {
    count: 1,
    why: "the deadline of a wait for a socket message: the message's arrival resolves it first",
  },
};

// A fixed limit on a wait is written for the reference machine and scaled by the host's (tests/fixtures/slowness.ts):
// a wait's `timeout:`, and a test's or hook's own limit after its callback (`}, 120_000);`).
const FIXED_LIMIT = /\btimeout:\s*\d|^\s*\},\s*\d[\d_]*\s*\);?\s*$/m;

function sleepsIn(text: string): number {
  return SLEEPS.reduce((n, re) => n + [...text.matchAll(re)].length, 0);
}

const files = readdirSync(TESTS, { recursive: true, encoding: 'utf8' }).filter(
  (f) => /\.tsx?$/.test(f) && f !== SELF && !f.includes('node_modules'),
);
const found = Object.fromEntries(
  files.map((f) => [f, sleepsIn(readFileSync(join(TESTS, f), 'utf8'))] as const).filter(([, n]) => n > 0),
);

describe('tests wait for conditions, not for time', () => {
  it('finds a sleep when there is one (the pattern works)', () => {
    expect(sleepsIn('await page.waitForTimeout(300);')).toBe(1);
    expect(sleepsIn('await new Promise((r) => setTimeout(r, 10));')).toBe(1);
    expect(sleepsIn('await new Promise((resolve) => setTimeout(resolve, 1_000));')).toBe(1);
    expect(sleepsIn('await new Promise((r) => setTimeout(r, POLL_MS));')).toBe(1);
    expect(sleepsIn('await new Promise<void>((resolve) => setTimeout(resolve, HOLD_MS + 50));')).toBe(1);
    expect(sleepsIn('await new Promise((r) => setTimeout(() => r(), SETTLE));')).toBe(1);
    expect(sleepsIn("import { setTimeout } from 'node:timers/promises'; await setTimeout(300);")).toBe(1);
    expect(sleepsIn('await sleep(SETTLE_MS);')).toBe(1);
    expect(sleepsIn('await new Promise((r) => setTimeout(r, 0));')).toBe(0);
    expect(sleepsIn('await setTimeout(0);')).toBe(0);
    expect(sleepsIn('const t = setTimeout(() => ac.abort(), 500);')).toBe(0);
  });

  it('has no sleep outside the listed files, and exactly the listed count in each', () => {
    expect(found).toEqual(Object.fromEntries(Object.entries(ALLOWED).map(([f, a]) => [f, a.count])));
  });
});

describe('a time limit on a wait scales with the host', () => {
  it('finds a fixed limit when there is one (the pattern works)', () => {
    expect('await x.waitFor({ timeout: 20_000 });'.match(FIXED_LIMIT)).toHaveLength(1);
    expect('await x.waitFor({ timeout: slow(20_000) });'.match(FIXED_LIMIT)).toBeNull();
    expect("  it('runs', async () => {\n  }, 120_000);\n".match(FIXED_LIMIT)).toHaveLength(1);
    expect("  it('runs', async () => {\n  }, slow(120_000));\n".match(FIXED_LIMIT)).toBeNull();
  });

  it('has no fixed limit in any test: each goes through slow()', () => {
    const fixed = files.filter((f) => FIXED_LIMIT.test(readFileSync(join(TESTS, f), 'utf8')));
    expect(fixed).toEqual([]);
  });
});
