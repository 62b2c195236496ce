// One market writer at a time: a PostgreSQL session advisory lock held on a connection of its own. The leader holds
// it for as long as it lives; a standby blocks in pg_advisory_lock until the leader's session ends (a kill -9 closes
// its socket and PostgreSQL releases the lock at once), then leads. If the leader's own connection breaks it can no
// longer know it leads: `lost` settles and the process must stop writing (serve.ts exits; a supervisor restarts it).
import pg from 'pg';

/** The advisory lock keys of this service (arbitrary, fixed 64-bit numbers). */
export const LOCK_KEYS = { marketWriter: 7_340_001, migrate: 7_340_002 } as const;

export interface Leadership {
  /** Settles with the reason when the lock's connection broke: this process no longer leads. */
  readonly lost: Promise<Error>;
  /** Gives the lock up (graceful stop): the standby takes over at once. */
  release(): Promise<void>;
}

async function lockClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'tickwise-lock' });
  await client.connect();
  return client;
}

/** Waits until this process holds `key` (blocking in PostgreSQL, no polling), then returns the leadership. */
export async function acquireLeadership(url: string, key: number = LOCK_KEYS.marketWriter): Promise<Leadership> {
  const client = await lockClient(url);
  let broke: (err: Error) => void = () => undefined;
  const lost = new Promise<Error>((resolve) => {
    broke = resolve;
  });
  // Errors before and after the lock: before, the query rejects (below); after, leadership is gone.
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

/** Runs `fn` while holding `key` (e.g. migrations: several processes start at once, one migrates). */
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
