// Unit tests are laid out like the code: the tests of src/pages/trade/order-ticket/order-form.tsx are under
// tests/unit/src/pages/trade/order-ticket/, so a file's tests are found from its path. A test about the whole tree (lint rooms,
// docs, import cycles, locale keys) lives in tests/unit/house/. Shared helpers (fakes, render harnesses) stay in
// tests/unit/ itself, and no test does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const UNIT = join(ROOT, 'tests', 'unit');
const TEST = /\.test\.tsx?$/;

const tests = readdirSync(UNIT, { recursive: true, encoding: 'utf8' }).filter((f) => TEST.test(f));

/** The folders of the code a test file imports (relative specifiers resolved from the test's own folder). */
function importedFolders(file: string): string[] {
  const text = readFileSync(join(UNIT, file), 'utf8');
  return [...text.matchAll(/(?:from|import\()\s*['"](\.\.?\/[^'"]+)['"]/g)].map((m) =>
    relative(ROOT, dirname(resolve(UNIT, dirname(file), m[1] ?? ''))),
  );
}

describe('tests/unit/ mirrors the code', () => {
  it('has no test file of its own at the top (only helpers)', () => {
    expect(tests.length).toBeGreaterThan(100);
    expect(tests.filter((f) => !f.includes('/'))).toEqual([]);
  });

  it.each(tests.filter((f) => f.includes('/') && !f.startsWith('house/')))(
    '%s sits beside the code it tests',
    (file) => {
      const folder = dirname(file); // e.g. src/pages/trade
      expect(statSync(join(ROOT, folder)).isDirectory()).toBe(true);
      expect(importedFolders(file)).toContain(folder);
    },
  );
});
