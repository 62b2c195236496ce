// Once per server test run: a migrated and seeded template database that every test server copies.
// TEST_DB=postgres starts a throwaway PostgreSQL cluster on 127.0.0.1; otherwise (default) a PGlite tarball.
import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate, preparePostgresTemplate, startPostgresCluster, TEMPLATE_DB } from './test-db.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const now = Date.now(); // test infrastructure: the template is seeded at the real time of the run
  if (process.env.TEST_DB === 'postgres') {
    const cluster = await startPostgresCluster();
    try {
      await preparePostgresTemplate(cluster.adminUrl, now);
    } catch (err) {
      cluster.stop();
      throw err;
    }
    project.provide('testDb', { kind: 'postgres', adminUrl: cluster.adminUrl, template: TEMPLATE_DB });
    return async () => cluster.stop();
  }
  const template = await preparePgliteTemplate(now);
  project.provide('testDb', { kind: 'pglite', templatePath: template.path });
  return async () => template.dispose();
}
