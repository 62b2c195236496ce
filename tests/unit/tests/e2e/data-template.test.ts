// @vitest-environment node
// The run's data template (tests/e2e/data-template.ts): browser runs started together build it once and all read it.
// The builder here writes one file: that the template is a working database is every browser run's first step.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runDataTemplate } from '../../../e2e/data-template.ts';

const shared = mkdtempSync(join(tmpdir(), 'tickwise-templates-test-'));
afterAll(() => rmSync(shared, { recursive: true, force: true }));
let builds = 0;

/** A template builder as prepareDataTemplate is one: a new folder in `parent`, a little later. */
async function build(now: number, parent = tmpdir()): Promise<{ dir: string; dispose(): void }> {
  builds++;
  const dir = mkdtempSync(join(parent, 'tickwise-e2e-template-'));
  await new Promise<void>((resolve) => setImmediate(resolve)); // the other run looks while this one builds
  mkdirSync(join(dir, 'pglite'));
  writeFileSync(join(dir, 'pglite', 'PG_VERSION'), String(now));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

it('is built by the first of two runs and waited for by the other, with nothing else left in the folder', async () => {
  const [a, b] = await Promise.all([
    runDataTemplate(1_795_003_200_000, shared, build),
    runDataTemplate(1_795_003_200_000, shared, build),
  ]);
  expect(builds).toBe(1);
  expect(a.dir).toBe(b.dir);
  expect(existsSync(join(a.dir, 'pglite', 'PG_VERSION'))).toBe(true);
  expect(readdirSync(shared).sort()).toEqual(['e2e-data-1795003200000', 'e2e-data-1795003200000.lock']);
  a.dispose(); // a run's own dispose leaves the shared template to the script that made the folder
  expect(existsSync(a.dir)).toBe(true);
});
