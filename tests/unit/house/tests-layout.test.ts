// Unit tests are laid out like the code: the tests of src/pages/trade/order-ticket/order-form.tsx are under
// tests/unit/src/pages/trade/order-ticket/, so a file's tests are found from its path. A test about the whole tree (lint rooms,
// docs, import cycles, locale keys) lives in tests/unit/house/. Shared helpers (fakes, render harnesses) stay in
// tests/unit/ itself, and no test does. The server tests (real HTTP, both databases) mirror server/ the same way:
// tests/server/engine/ holds the engine's, tests/server/support/ the harness and helpers, and the top holds no file.
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

const SERVER_TESTS = join(ROOT, 'tests', 'server');
/** Folders of tests/server/ that name no folder of server/: the helpers, and the server as a whole (serve.ts, compose.ts). */
const SERVER_EXTRA = {
  support: 'the harness and helpers',
  main: 'server/serve.ts, compose.ts and http-app.ts as a whole',
};

describe('tests/server/ mirrors server/', () => {
  const top = readdirSync(SERVER_TESTS, { withFileTypes: true });

  it('has no file at its top: every test and helper sits in a folder', () => {
    expect(top.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
  });

  it.each(top.filter((e) => e.isDirectory()).map((e) => e.name))('tests/server/%s/ has a reason to be', (name) => {
    const named =
      name in SERVER_EXTRA || statSync(join(ROOT, 'server', name), { throwIfNoEntry: false })?.isDirectory();
    expect(named, `tests/server/${name}/ names no folder of server/`).toBe(true);
  });

  it('keeps its helpers apart: support/ holds no test, every other folder holds tests', () => {
    const files = readdirSync(SERVER_TESTS, { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.startsWith('support/') && TEST.test(f))).toEqual([]);
    const folders = new Set(files.filter((f) => TEST.test(f)).map((f) => f.split('/')[0]));
    const bare = top.filter((e) => e.isDirectory() && e.name !== 'support' && !folders.has(e.name)).map((e) => e.name);
    expect(bare).toEqual([]);
  });

  it('puts each test of a server subfolder under the same path (tests/server/market/sources/ ↔ server/market/sources/)', () => {
    const nested = readdirSync(SERVER_TESTS, { recursive: true, encoding: 'utf8' })
      .filter((f) => TEST.test(f) && f.split('/').length > 2)
      .map((f) => dirname(f))
      .filter((d) => !d.startsWith('support') && !d.startsWith('http/openapi-fuzz'));
    const missing = [...new Set(nested)].filter((d) => !statSync(join(ROOT, 'server', d), { throwIfNoEntry: false }));
    expect(missing).toEqual([]);
  });
});
