// Which failures mean PostgreSQL cannot be reached (answered 503, try again) and which are a query's own (500 or
// the refusal it maps to): the shapes node-postgres throws, one of them made by a real connection to a closed port.
import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseOutage } from '../../../../server/db/outage.ts';

const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });
const sqlState = (message: string, code: string): Error =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a database outage', () => {
  it('is a connection refused by a stopped server, as node-postgres reports it', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x', database: 'x' });
    const err: unknown = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseOutage(err)).toBe(true);
  });

  it.each([
    ['the server starting up', sqlState('the database system is starting up', '57P03')],
    ['the server shut down', sqlState('terminating connection due to administrator command', '57P01')],
    ['the server crashed', sqlState('terminating connection because of crash of another server process', '57P02')],
    ['a connection exception', sqlState('connection failure', '08006')],
    ['a reset socket', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a wrapped outage', new Error('tx failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('is %s', (_what, err) => {
    expect(isDatabaseOutage(err)).toBe(true);
  });

  it.each([
    ['a unique violation', sqlState('duplicate key value violates unique constraint', '23505')],
    ['a serialization failure', sqlState('could not serialize access', '40001')],
    ['a statement timeout', sqlState('canceling statement due to statement timeout', '57014')],
    ['a syntax error', sqlState('syntax error at or near "SELEC"', '42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
  ])('is not %s', (_what, err) => {
    expect(isDatabaseOutage(err)).toBe(false);
  });
});
