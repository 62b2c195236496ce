// the route files under server/routes/ hold no SQL (queries live in the repositories beside their
// service, e.g. server/ledger/records-repository.ts) and no handler checks the session itself (one preHandler per
// route group, server/auth/session-hook.ts). Every file is checked: a new route file with SQL, or a handler that
// looks the session up itself, fails here. The ops commands are routes in all but name (POST /api/ops/run/<name>):
// they hold no SQL either, and call the services; so does the engine's service file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..', '..', '..', 'server');
const ROUTES = join(SERVER, 'routes');

const SQL = /\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b|\.query\s*[<(]/i;
const SESSION_CALL = /\b(realSessionUser|sessionUser)\s*\(/;

const files = readdirSync(ROUTES).filter((f) => f.endsWith('.ts'));

describe('server/routes/', () => {
  it.each(files)('%s holds no SQL and no session check of its own', (file) => {
    const text = readFileSync(join(ROUTES, file), 'utf8');
    expect(text).not.toMatch(SQL);
    expect(text).not.toMatch(SESSION_CALL);
  });

  const ops = readdirSync(join(SERVER, 'ops'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  it.each(ops)('server/ops/%s holds no SQL', (file) => {
    expect(readFileSync(join(SERVER, 'ops', file), 'utf8')).not.toMatch(SQL);
  });

  // A route file maps a request to a service; what reads or writes the data is the service's. These route files
  // still read a repository themselves (a lookup with nothing around it); the list only shrinks: a route file that
  // needs a new repository, the database or the ledger gets a service instead (server/wallet/withdrawal-flow.ts,
  // server/funds/fund-flow.ts). Type-only imports (a row's shape) are no access.
  const KNOWN_DATA: Readonly<Record<string, readonly string[]>> = {
    'account.ts': ['../ledger/records-repository.ts', '../ledger/ledger.ts'], // getAccount: a balance read
    'alerts.ts': ['../alerts/push-repository.ts'],
    'common.ts': ['../content/companies-repository.ts'],
    'content.ts': ['../content/news-repository.ts'],
    'deposits.ts': ['../wallet/deposits-repository.ts'],
    'health.ts': ['../db/ping.ts'],
    'ops.ts': ['../staff/audit-repository.ts'],
    'payout-methods.ts': ['../wallet/payout-methods-repository.ts'],
    'real-name.ts': ['../accounts/real-name-repository.ts'],
    'security.ts': ['../auth/second-factor-repository.ts', '../auth/sessions-repository.ts'],
    'upload.ts': ['../staff/audit-repository.ts'],
    'wallet.ts': ['../engine/orders-repository.ts', '../ledger/ledger.ts'], // getAccount: a balance read
  };
  /** Route files that still open a transaction themselves, each a few lines around one repository call. */
  const KNOWN_TX: ReadonlySet<string> = new Set(['payout-methods.ts', 'real-name.ts', 'upload.ts']);
  const DATA = /(-repository|\/db\/[\w-]+|\/ledger\/ledger)\.ts$/;
  const TX = /\.tx\s*\(|\bmove\s*\(/;
  const dataImports = (text: string): string[] =>
    [...text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)]
      .filter((m) => !m[1] && DATA.test(m[2] ?? ''))
      .map((m) => m[2] ?? '');

  it.each(files)('%s reaches the data only where it is known to, and moves no money itself', (file) => {
    const text = readFileSync(join(ROUTES, file), 'utf8');
    const known = KNOWN_DATA[file] ?? [];
    expect(dataImports(text).filter((i) => !known.includes(i))).toEqual([]);
    if (!KNOWN_TX.has(file)) expect(text).not.toMatch(TX);
  });

  it('the data and money checks recognise what they look for', () => {
    const route =
      "import { move } from '../ledger/ledger.ts';\nimport {\n  insertWithdrawal,\n} from '../wallet/withdrawals-repository.ts';\nimport type { Row } from '../wallet/x-repository.ts';";
    expect(dataImports(route)).toEqual(['../ledger/ledger.ts', '../wallet/withdrawals-repository.ts']);
    expect('await ctx.db.tx(async (q) => {').toMatch(TX);
    expect('await move(q, user.id, {').toMatch(TX);
    expect('const removed = remove(x);').not.toMatch(TX);
  });

  it('the checks recognise SQL and a session call (they would catch a copy)', () => {
    expect("await ctx.db.query('SELECT id FROM funds')").toMatch(SQL);
    expect('`INSERT INTO charges (user_id) VALUES ($1)`').toMatch(SQL);
    expect('const user = await realSessionUser(ctx, request);').toMatch(SESSION_CALL);
    expect('const user = caller(request);').not.toMatch(SESSION_CALL);
  });
});
