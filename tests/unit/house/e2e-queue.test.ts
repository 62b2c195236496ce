// @vitest-environment node
// scripts/e2e-queue.txt orders npm test's Chromium runs (scripts/test.sh): every browser test file is named on exactly
// one line, so a new file takes its place in the order by its length instead of running first by default, and a
// renamed or removed one leaves no stale name behind.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const queueNames = (text: string): string[] =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .flatMap((line) => line.split(' '))
    .filter(Boolean);

describe('the Chromium queue of npm test', () => {
  const named = queueNames(readFileSync('scripts/e2e-queue.txt', 'utf8'));
  const files = readdirSync('tests/e2e').filter((f) => f.endsWith('.test.ts'));

  it('names every browser test file once, and nothing else', () => {
    expect([...named].sort()).toEqual([...files].sort());
  });

  it('reads names split by spaces on lines, comments left out', () => {
    expect(queueNames('# a.test.ts\nb.test.ts\nc.test.ts d.test.ts\n\n')).toEqual([
      'b.test.ts',
      'c.test.ts',
      'd.test.ts',
    ]);
  });
});
