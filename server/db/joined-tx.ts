// A Db that runs inside a transaction already open (server/ops/run.ts: a command and its audit row are one
// transaction, while the command's services open transactions of their own): nested ones become savepoints, so a
// service's own rollback still undoes only its part.
import type { Db, TxQueryable } from './db.ts';

/** A Db whose queries and transactions run inside the transaction `q` (nested ones as savepoints). */
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
