// Databases that outlive a server, for restart tests: a fresh copy of the template (PGlite or PostgreSQL per TEST_DB)
// that a second server opens after the first closed, as after a process restart. close() drops them all.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Db } from '../../../server/db/db.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { adminQuery, copyTemplate, dbUrl } from './test-db.ts';

export interface SharedDatabases {
  open(): Promise<Db>;
  close(): Promise<void>;
}

export function sharedDatabases(): SharedDatabases {
  const cleanups: Array<() => Promise<void>> = [];
  return {
    async open() {
      const info = inject('testDb');
      let db: Db;
      if (info.kind === 'postgres') {
        const name = `tw_restart_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
        await copyTemplate(info.adminUrl, info.template, name);
        db = await openPostgres({ url: dbUrl(info.adminUrl, name), max: 4 });
        cleanups.push(async () => {
          await db.close();
          await adminQuery(info.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        });
      } else {
        db = await openPglite({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(info.templatePath)]) });
        cleanups.push(() => db.close());
      }
      return db;
    },
    async close() {
      for (const c of cleanups.splice(0).reverse()) await c();
    },
  };
}

/** The server closes the database it is given; this one must survive for the next server. */
export const keepOpen = (db: Db): Db => ({ ...db, close: async () => undefined });
