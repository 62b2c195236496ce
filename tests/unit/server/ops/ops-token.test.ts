// The operator token (issue 20 item 6): a configured OPS_TOKEN shorter than the minimum stops the server at start,
// as does a hand-edited short token file; a missing file gets a long random token once.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadOpsToken, opsTokenPath } from '../../../../server/ops/token.ts';
import { tempDirs } from '../../../fixtures/temp-dirs.ts';

const dataDir = tempDirs('tickwise-ops-token-');

describe('loadOpsToken', () => {
  it('refuses an OPS_TOKEN shorter than 24 characters and accepts one of 24', () => {
    const d = dataDir();
    expect(() => loadOpsToken(d, 'x'.repeat(23))).toThrow('OPS_TOKEN must be at least 24 characters');
    expect(() => loadOpsToken(d, `  ${'x'.repeat(23)}  `)).toThrow('at least 24'); // spaces do not count
    expect(loadOpsToken(d, 'y'.repeat(24))).toBe('y'.repeat(24));
  });

  it('refuses a short token file, and creates a long one once when there is none', () => {
    const short = dataDir();
    writeFileSync(opsTokenPath(short), 'abc\n');
    expect(() => loadOpsToken(short)).toThrow('at least 24');
    const fresh = dataDir();
    const made = loadOpsToken(fresh);
    expect(made.length).toBeGreaterThanOrEqual(24);
    expect(readFileSync(opsTokenPath(fresh), 'utf8').trim()).toBe(made);
    expect(loadOpsToken(fresh)).toBe(made);
  });
});
