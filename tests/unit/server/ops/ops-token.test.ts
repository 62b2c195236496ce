// The break-glass token (docs/back-office.md "Break-glass"): off unless OPS_TOKEN is set; a configured token shorter
// than the minimum stops the server at start; nothing is generated. And the shell's first-administrator file:
// written (mode 0600) while no active admin exists, reused by a restart, removed once one exists.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadOpsToken, opsBootstrapPath, prepareBootstrap } from '../../../../server/ops/auth.ts';
import { tempDirs } from '../../../fixtures/temp-dirs.ts';

const dataDir = tempDirs('tickwise-ops-token-');

describe('loadOpsToken', () => {
  it('is off (null) unless OPS_TOKEN is set', () => {
    expect(loadOpsToken(undefined)).toBeNull();
    expect(loadOpsToken('')).toBeNull();
  });

  it('refuses an OPS_TOKEN shorter than 24 characters and accepts one of 24', () => {
    expect(() => loadOpsToken('x'.repeat(23))).toThrow('OPS_TOKEN must be at least 24 characters');
    expect(() => loadOpsToken(`  ${'x'.repeat(23)}  `)).toThrow('at least 24'); // spaces do not count
    expect(loadOpsToken('y'.repeat(24))).toBe('y'.repeat(24));
  });
});

describe('prepareBootstrap', () => {
  it('writes a private file while no admin exists, reuses it, and removes it once one does', () => {
    const d = dataDir();
    const made = prepareBootstrap(d, true);
    expect(made?.token.length).toBeGreaterThanOrEqual(24);
    expect(readFileSync(opsBootstrapPath(d), 'utf8').trim()).toBe(made?.token);
    expect(statSync(opsBootstrapPath(d)).mode & 0o077).toBe(0);
    expect(prepareBootstrap(d, true)?.token).toBe(made?.token);
    expect(prepareBootstrap(d, false)).toBeNull();
    expect(existsSync(opsBootstrapPath(d))).toBe(false);
  });
});
