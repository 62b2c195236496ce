// npm test's parts (scripts/test-parts.sh): a vitest part whose test worker died with no test failed runs once more,
// one with a failed test does not, and a failed part's error lines are repeated where CI's tail shows them. A fake
// `npx` stands in for vitest: it prints what a run printed and exits as it did, one scripted run per call.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import PARTS from '../../../scripts/test-parts.sh?raw';

const DIED =
  'Error: Worker exited unexpectedly\n# Fatal error in , line 0\n# Check failed: jit_page_->allocations_.erase(addr) == 1.';
// A worker killed by a signal says no more than this.
const KILLED = 'Error: Worker exited unexpectedly';
const PASSED = ' Test Files  3 passed (3)\n      Tests  12 passed (12)';
const FAILED_TEST =
  ' Test Files  1 failed | 2 passed (3)\n      Tests  1 failed | 11 passed (12)\nError: Worker exited unexpectedly';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `script` with the parts sourced and a fake npx whose Nth call prints runs[N].out and exits with runs[N].rc. */
function run(runs: { out: string; rc: number }[], script: string): { stdout: string; status: number | null } {
  dir = mkdtempSync(join(tmpdir(), 'test-parts-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  runs.forEach((r, i) => writeFileSync(join(dir, `run-${i + 1}`), `${r.out}\n`));
  writeFileSync(
    join(bin, 'npx'),
    [
      '#!/usr/bin/env bash',
      `n=$(( $(cat "${dir}/calls" 2>/dev/null || echo 0) + 1 )); echo $n >"${dir}/calls"`,
      // vitest colours its output unless NO_COLOR is set, as this does.
      `if [ -n "$NO_COLOR" ]; then cat "${dir}/run-$n"; else sed 's/Error/\\x1b[31mError\\x1b[39m/' "${dir}/run-$n"; fi`,
      `exit $(sed -n "\${n}p" "${dir}/rcs")`,
    ].join('\n'),
  );
  writeFileSync(join(dir, 'test-parts.sh'), PARTS);
  writeFileSync(join(dir, 'rcs'), runs.map((r) => r.rc).join('\n'));
  chmodSync(join(bin, 'npx'), 0o755);
  const body = `logs=${dir}/logs results=${dir}/results; mkdir -p $logs $results; source ${dir}/test-parts.sh; ${script}`;
  const r = spawnSync('bash', ['-c', body], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, CPUACCT: join(dir, 'no-cgroup') },
  });
  return { stdout: r.stdout, status: r.status };
}

const calls = (): number => Number(readFileSync(join(dir, 'calls'), 'utf8'));

describe('vitest_part', () => {
  it('runs a part once more when its test worker died and no test failed, and keeps the first log', () => {
    const r = run(
      [
        { out: KILLED, rc: 1 },
        { out: PASSED, rc: 0 },
      ],
      'vitest_part server-postgres-1 -- --project server',
    );
    expect(r.status).toBe(0);
    expect(calls()).toBe(2);
    expect(r.stdout).toContain('server-postgres-1: its test worker died, no test failed');
    expect(readFileSync(join(dir, 'logs/server-postgres-1.died.log'), 'utf8')).toContain(KILLED);
    expect(readFileSync(join(dir, 'logs/server-postgres-1.log'), 'utf8')).toContain('12 passed');
    expect(readFileSync(join(dir, 'logs/server-postgres-1.rc'), 'utf8').trim()).toBe('0');
  });

  it('fails a part at once when a test failed, even if its worker died too', () => {
    const r = run([{ out: FAILED_TEST, rc: 1 }], 'vitest_part unit -- --project unit');
    expect(r.status).toBe(1);
    expect(calls()).toBe(1);
    expect(existsSync(join(dir, 'logs/unit.died.log'))).toBe(false);
  });

  it('fails a part whose worker died on both runs', () => {
    const r = run(
      [
        { out: DIED, rc: 1 },
        { out: DIED, rc: 1 },
      ],
      'vitest_part server-pglite-1 -- --project server',
    );
    expect(r.status).toBe(1);
    expect(calls()).toBe(2);
    expect(readFileSync(join(dir, 'logs/server-pglite-1.rc'), 'utf8').trim()).toBe('1');
  });
});

describe('explain_failures', () => {
  it("repeats a failed part's error lines from both its logs, and says nothing of a part that passed", () => {
    const r = run(
      [
        { out: DIED, rc: 1 },
        { out: DIED, rc: 1 },
        { out: PASSED, rc: 0 },
      ],
      'vitest_part server-postgres-1 -- x; vitest_part unit -- y; explain_failures server-postgres-1 unit',
    );
    const report = r.stdout.slice(r.stdout.indexOf('== server-postgres-1 FAILED'));
    expect(report).toContain("== server-postgres-1 FAILED; its log's errors:");
    expect(report.match(/Check failed: jit_page_/g)).toHaveLength(2);
    expect(report).toContain('Error: Worker exited unexpectedly');
    expect(report).not.toContain('== unit FAILED');
  });

  it("runs vitest without colours, so a failed assertion's line is found and its log reads as plain text", () => {
    const line = 'AssertionError: {"hk":["360 /: page 401 px wide"]}: expected { Object (hk) }';
    const r = run([{ out: line, rc: 1 }], 'vitest_part e2e-01 -- x; explain_failures e2e-01');
    expect(r.stdout).toContain(line);
    expect(readFileSync(join(dir, 'logs/e2e-01.log'), 'utf8')).not.toContain('\x1b');
  });
});
