// One market writer at a time: a session advisory lock, which PostgreSQL frees the moment the leader's socket closes.
import pg from 'pg';

/** Arbitrary, fixed 64-bit numbers. */
export const LOCK_KEYS = { marketWriter: 7_340_001, migrate: 7_340_002 } as const;

export interface Leadership {
  /** The lock's connection broke: this process can no longer know it leads and must stop writing. */
  readonly lost: Promise<Error>;
  /** The standby takes over at once. */
  release(): Promise<void>;
}

async function lockClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'tickwise-lock' });
  await client.connect();
  return client;
}

/** Blocks in PostgreSQL, no polling. */
export async function acquireLeadership(url: string, key: number = LOCK_KEYS.marketWriter): Promise<Leadership> {
  const client = await lockClient(url);
  let broke: (err: Error) => void = () => undefined;
  const lost = new Promise<Error>((resolve) => {
    broke = resolve;
  });
  // Before the lock the query rejects (below); after it, leadership is gone.
  client.on('error', (err) => broke(err));
  client.on('end', () => broke(new Error('lock connection ended')));
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  let released = false;
  return {
    lost,
    async release() {
      if (released) return;
      released = true;
      client.removeAllListeners('end');
      await client.end().catch(() => undefined); // ending the session releases the lock
    },
  };
}

/** Several processes start at once; one runs `fn` (migrations) while the others wait. */
export async function withSessionLock<T>(url: string, key: number, fn: () => Promise<T>): Promise<T> {
  const client = await lockClient(url);
  client.on('error', () => undefined); // the query below rejects; end() cleans up
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await client.end().catch(() => undefined);
  }
}
