// Reads the two last-known records from idb-keyval's default store with the bare IndexedDB API (index.html's
// inline script must not wait for idb-keyval's chunk). One read-only transaction; never rejects (no IndexedDB, a
// private window, a missing store: nothing is known).
import { IDB_NAME, IDB_STORE, QUOTES_KEY, TRADE_LIST_KEY } from './last-known.ts';

export interface StoredLastKnown {
  tradeList: unknown;
  quotes: unknown;
}

const NOTHING: StoredLastKnown = { tradeList: undefined, quotes: undefined };

export function readLastKnownStore(idb: IDBFactory | undefined): Promise<StoredLastKnown> {
  return new Promise((resolve) => {
    if (!idb) return resolve(NOTHING);
    let open: IDBOpenDBRequest;
    try {
      open = idb.open(IDB_NAME);
    } catch {
      return resolve(NOTHING);
    }
    // A first visit creates the database as idb-keyval would (its one store), so the app's own opening finds it.
    open.onupgradeneeded = () => open.result.createObjectStore(IDB_STORE);
    open.onerror = () => resolve(NOTHING);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const store = db.transaction(IDB_STORE, 'readonly').objectStore(IDB_STORE);
        const list = store.get(TRADE_LIST_KEY);
        const quotes = store.get(QUOTES_KEY);
        quotes.onsuccess = () => {
          resolve({ tradeList: list.result, quotes: quotes.result });
          db.close();
        };
        quotes.onerror = () => resolve(NOTHING);
      } catch {
        db.close();
        resolve(NOTHING);
      }
    };
  });
}
