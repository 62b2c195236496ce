// @vitest-environment node
// The run's data template (tests/e2e/data-template.ts): browser runs started together build it once and all read it.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runDataTemplate } from '../../../e2e/data-template.ts';
import { slow } from '../../../fixtures/slowness.ts';

const shared = mkdtempSync(join(tmpdir(), 'tickwise-templates-test-'));
afterAll(() => rmSync(shared, { recursive: true, force: true }));

it(
  'is built by the first of two runs and waited for by the other, with nothing else left in the folder',
  async () => {
    const [a, b] = await Promise.all([
      runDataTemplate(1_795_003_200_000, shared),
      runDataTemplate(1_795_003_200_000, shared),
    ]);
    expect(a.dir).toBe(b.dir);
    expect(existsSync(join(a.dir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(shared).sort()).toEqual(['e2e-data-1795003200000', 'e2e-data-1795003200000.lock']);
    a.dispose(); // a run's own dispose leaves the shared template to the script that made the folder
    expect(existsSync(a.dir)).toBe(true);
  },
  slow(60_000),
);
