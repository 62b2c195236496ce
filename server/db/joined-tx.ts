// For a command and its audit row in one transaction (server/ops/run.ts): nested transactions become savepoints.
import type { Db, TxQueryable } from './db.ts';

export function joinedDb(q: TxQueryable, kind: Db['kind']): Db {
  let depth = 0;
  return {
    kind,
    query: (sql, params) => q.query(sql, params),
    exec: (sql) => q.exec(sql),
    async tx(fn) {
      const name = `ops_sp_${++depth}`;
      await q.query(`SAVEPOINT ${name}`);
      try {
        const out = await fn(q);
        await q.query(`RELEASE SAVEPOINT ${name}`);
        return out;
      } catch (err) {
        await q.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      } finally {
        depth--;
      }
    },
    close: () => Promise.reject(new Error('a joined transaction is closed by its owner')),
  };
}
