// Code, tests, docs and the bench say what a rule is or cite the repository's own docs section (docs/screens.md
// "The chart"), never a tracker number ("#35" included) nor a document beside the repository that a clone does not
// have: a number means nothing to a newcomer and outlives the thread it named.
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
const H = '#';
const ISSUE_NUMBER = new RegExp(
  [String.raw`${WORD}[- _]?#?[0-9]{1,3}\b`, String.raw`${WORD}s [0-9]{2}\b`, `screens-${WORD}`].join('|'),
  'i',
);
/**
 * A bare tracker number: `#N` where a sentence points at a thread, right after an opening bracket, a comment or list
 * marker, or a word that points ("see #N", "fixed in #N", "(#N)"). A number that counts or labels something keeps
 * its word before it and is not one: a memo's "Deposit #12", "EURUSD #7", "worker #1 of 2", "UAX #9", a colour
 * '#111', another project's "react-router#14102".
 */
const BARE_NUMBER =
  /(?:^|[([]|(?:\/\/|\*|-|#)\s+|\b(?:see|in|from|after|before|since|per|fixe[sd]|close[sd]|resolve[sd]|by|PR|pull|ticket|bug|task)\s+)#[0-9]{1,5}\b/;
// A reference to the documents beside the repository that a clone does not have (the product's contract and
// architecture are docs/contract.md and docs/architecture.md), built from parts for the same reason as WORD.
const OUTSIDE_DOCS = new RegExp(
  [String.raw`\b${'SP'}EC\b`, String.raw`${'ARCHI'}TECTURE\.md`, String.raw`\.\./${'sha'}red\b`].join('|'),
);
const FORBIDDEN: readonly RegExp[] = [ISSUE_NUMBER, BARE_NUMBER, OUTSIDE_DOCS];
const forbidden = (line: string): boolean => FORBIDDEN.some((re) => re.test(line));

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

describe('no tracker numbers or outside documents in code, tests, docs or the bench', () => {
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
      `// ${H}35: the desk keeps its width`,
      `the chart fits (${H}35)`,
      `see ${H}35`,
      `fixed in ${H}7, then moved`,
      ` * ${H}35 asked for it`,
      `as ${'SP'}EC §3 says`,
      `../${'sha'}red/${'SP'}EC.md`,
      `the rooms table of ${'ARCHI'}TECTURE.md`,
    ])
      expect(forbidden(sample), sample).toBe(true);
    for (const fine of [
      'the issued token',
      `${WORD}r`,
      'tissue 2024',
      `${WORD} 1234`,
      'e.g. "Deposit #12 250 USDT"',
      '"Memo":"EURUSD #7"',
      'phone-6x market worker #1 of 2',
      'POP DIRECTIONAL ISOLATE (UAX #9)',
      "{ stroke: '#111', background: '#123' }",
      'remix-run/react-router#14102',
      'quot|#39);',
      'Decisions the spec left open',
      'docs/architecture.md, docs/contract.md',
      'the shared domain',
    ])
      expect(forbidden(fine), fine).toBe(false);
  });

  it('covers the trees it names', () => {
    const files = covered();
    for (const f of [
      'README.md',
      'docs/screens.md',
      'docs/contract.md',
      'docs/architecture.md',
      'bench/README.md',
      'tests/unit/house/no-issue-numbers.test.ts',
    ])
      expect(files).toContain(f);
    expect(files).not.toContain('bench/JOURNAL.md');
  });

  it('no covered file names a tracker number', () => {
    const hits: string[] = [];
    for (const f of covered())
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (forbidden(line)) hits.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    expect(hits).toEqual([]);
  });
});
