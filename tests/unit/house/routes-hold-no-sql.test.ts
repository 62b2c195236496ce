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

  it('the checks recognise SQL and a session call (they would catch a copy)', () => {
    expect("await ctx.db.query('SELECT id FROM funds')").toMatch(SQL);
    expect('`INSERT INTO charges (user_id) VALUES ($1)`').toMatch(SQL);
    expect('const user = await realSessionUser(ctx, request);').toMatch(SESSION_CALL);
    expect('const user = caller(request);').not.toMatch(SESSION_CALL);
  });
});
