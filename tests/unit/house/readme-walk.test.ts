// The README's "One quote, simulator to DOM" walk is a newcomer's map: every file it names must exist, and the two
// intervals it states must be the code's, so a rename or a retuned cadence cannot leave the map pointing nowhere.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HUB_OPTIONS } from '../../../server/ws/connection.ts';
import { GATHER_MS } from '../../../workers/feed/flow-control.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The walk section: from its heading to the next one. */
function walk(): string {
  const start = README.indexOf('## One quote, simulator to DOM');
  expect(start).toBeGreaterThanOrEqual(0);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

/** Every `code span` that is a path (has a folder and an extension). */
function namedFiles(text: string): string[] {
  return [...text.matchAll(/`([\w.-]+(?:\/[\w.-]+)+\.\w+)`/g)].map((m) => m[1] ?? '');
}

describe('README walk', () => {
  it('names only files that exist', () => {
    const files = namedFiles(walk());
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
  });

  it('states the hub flush and the feed gather wait the code uses', () => {
    const text = walk();
    expect(text).toContain(`flushes every ${DEFAULT_HUB_OPTIONS.flushMs} ms`);
    expect(text).toContain(`\`GATHER_MS\` (${GATHER_MS} ms)`);
  });
});
