// Code, tests, docs and the bench say what a rule is or cite the repository's own docs section (docs/screens.md
// "The chart"), never a tracker number: a number means nothing to a newcomer and outlives the thread it named.
// Screenshot names and test users say what they show ('trailing-form-1280', 'e2e trader tools'). The bench journal
// is the dated run history and keeps the names of its time.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TREES = ['src', 'workers', 'server', 'domain', 'tests', 'scripts', 'docs', 'bench', 'ops', 'public', '.ci'];
const KEPT = new Set(['bench/JOURNAL.md']);
const TEXT_FILE = /\.(ts|tsx|css|js|mjs|cjs|sh|md|html|yml|yaml|sql|json)$/;

// Built from parts so that this file does not match itself.
const WORD = 'iss' + 'ue';
const ISSUE_NUMBER = new RegExp(
  [String.raw`${WORD}[- _]?#?[0-9]{1,3}\b`, String.raw`${WORD}s [0-9]{2}\b`, `screens-${WORD}`].join('|'),
  'i',
);

/** The files the rule covers: every tracked or new file of the trees above, README.md and the root config files. */
function covered(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => {
      if (!f || KEPT.has(f) || !existsSync(join(ROOT, f)) || !statSync(join(ROOT, f)).isFile()) return false;
      const top = f.split('/')[0] ?? '';
      if (!f.includes('/')) return TEXT_FILE.test(f); // README.md, package.json, vite.config.ts, index.html …
      if (!TREES.includes(top)) return false;
      return top === '.ci' || TEXT_FILE.test(f); // .ci/run has no extension
    });
}

describe('no tracker numbers in code, tests, docs or the bench', () => {
  it('the pattern matches what it is meant to catch', () => {
    for (const sample of [
      `${WORD} 35`,
      `${WORD}-25`,
      `${WORD}25-trailing-form-1280`,
      `before ${WORD} 22`,
      `${WORD} #7`,
      `Issu${'e'} 15, server side`,
      `${WORD}s 25`,
      `tests/e2e/screens-${WORD}35.test.ts`,
    ])
      expect(ISSUE_NUMBER.test(sample), sample).toBe(true);
    for (const fine of ['the issued token', `${WORD}r`, 'tissue 2024', `${WORD} 1234`])
      expect(ISSUE_NUMBER.test(fine), fine).toBe(false);
  });

  it('covers the trees it names', () => {
    const files = covered();
    for (const f of ['README.md', 'docs/screens.md', 'bench/README.md', 'tests/unit/house/no-issue-numbers.test.ts'])
      expect(files).toContain(f);
    expect(files).not.toContain('bench/JOURNAL.md');
  });

  it('no covered file names a tracker number', () => {
    const hits: string[] = [];
    for (const f of covered())
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (ISSUE_NUMBER.test(line)) hits.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    expect(hits).toEqual([]);
  });
});
