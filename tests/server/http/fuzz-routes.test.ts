// Property-based fuzz over every HTTP route the app registers (found through app.routeTable, so a new route is
// fuzzed without touching this file): hostile parameters as query, form, JSON, multipart or garbage bodies, with
// and without a session. Every answer is a clear §8 envelope (JSON, numeric code, a message when refused) and never
// a 5xx; a refused request writes nothing to the money tables (fingerprint before = after); the ledger holds after.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { ledgerViolations, moneyFingerprint } from '../../../server/ledger/invariants.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { OPENAPI_PATH, undocumented } from '../../../server/http/openapi.ts';
import type { RouteEntry } from '../../../server/http/route-table.ts';
import { api, manualClock, registerAndLogin, startTestServer, type TestServer } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

// npm test's breadth: every route, a dozen seeded cases; `npm run fuzz` goes deep (FUZZ_RUNS=200).
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
const clock = manualClock();
let server: TestServer;
let tokens: string[] = [];
const tally = { requests: 0, refused: 0, accepted: 0, byStatus: {} as Record<number, number> };

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true }, security: { factor: 1_000_000 } });
  const user = await registerAndLogin(server, { clock });
  await move(server.ctx.db, user.user.id, {
    balance: '50000',
    type: RecordType.MEMO,
    memo: 'fuzz funds',
    at: clock.now(),
  });
  const demo = await api(server.baseUrl).get<LoginResult>('/api/user/createAccountDemoForU', {
    demo_id: 'fuzz-demo-1',
  });
  tokens = [user.token, demo.data.token];
});
afterAll(async () => {
  // The figures docs/reliability.md quotes.
  console.log(`[fuzz-routes] ${JSON.stringify(tally)}`);
  await server?.close();
});

/** Routes worth fuzzing: every API route; not the static file wildcards, the page root or the websocket. */
function fuzzable(routes: readonly RouteEntry[]): RouteEntry[] {
  // The API reference page's own files (Swagger UI's static assets) are left to tests/server/http/openapi.test.ts.
  return routes.filter(
    (r) => !r.websocket && r.method !== 'HEAD' && r.method !== 'OPTIONS' && !undocumented(r.url) && r.url !== '/',
  );
}

/** The envelope routes (docs/contract.md §7); others (the web manifest, the API document and its page) only have to avoid a 5xx. */
const isApi = (r: RouteEntry): boolean =>
  (/^\/(api|v1)\//.test(r.url) || r.url === '/healthz') && r.url !== OPENAPI_PATH && !undocumented(r.url);

function schemaKeys(r: RouteEntry): { keys: string[]; enums: string[] } {
  const keys = new Set<string>();
  const enums = new Set<string>();
  for (const part of ['querystring', 'body', 'params'] as const) {
    const props =
      (r.schema?.[part] as { properties?: Record<string, { enum?: unknown[] }> } | undefined)?.properties ?? {};
    for (const [k, p] of Object.entries(props)) {
      keys.add(k);
      for (const e of p.enum ?? []) enums.add(String(e));
    }
  }
  for (const m of r.url.matchAll(/:(\w+)/g)) if (m[1]) keys.add(m[1]);
  return { keys: [...keys], enums: [...enums] };
}

const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1',
    '2',
    '3',
    '1.5',
    '0.01',
    '100',
    '1e309',
    '-0',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '99999999999999999999999',
    '0.000000000001',
    ' 1',
    '1 ',
    '1,5',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '%00',
    '\u0000',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '１２',
    'a@b.co',
    '+85212345678',
    '2147483648',
    '-2147483649',
    '1min',
    'email',
    'mobile',
    '\ud800',
    'javascript:alert(1)',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant('9'.repeat(300)),
);

type Encoding = 'query' | 'form' | 'json' | 'multipart' | 'garbage';

function requestArb(r: RouteEntry) {
  const { keys, enums } = schemaKeys(r);
  const value = enums.length ? fc.oneof(hostileText, fc.constantFrom(...enums)) : hostileText;
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'zz', 'id[]', 'a.b', '') },
  );
  const encodings: Encoding[] = r.method === 'GET' ? ['query'] : ['form', 'json', 'multipart', 'garbage', 'query'];
  return fc.record({
    pairs: fc.array(fc.tuple(key, value), { maxLength: 8 }),
    encoding: fc.constantFrom(...encodings),
    jsonShape: fc.constantFrom('strings', 'numbers', 'arrays', 'nested'),
    auth: fc.constantFrom<'none' | 'user' | 'demo' | 'garbage'>('none', 'user', 'demo', 'garbage'),
    lang: fc.constantFrom('en', 'hk', 'xx', '', undefined),
    garbage: fc.oneof(fc.string({ maxLength: 200 }), fc.constant('{"a":'), fc.constant('\u0000\u0001')),
    garbageType: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ),
  });
}

function jsonValue(v: string, shape: string): unknown {
  if (shape === 'numbers' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  if (shape === 'arrays') return [v, v];
  if (shape === 'nested') return { v };
  return v;
}

async function send(
  r: RouteEntry,
  req: ReturnType<typeof requestArb> extends fc.Arbitrary<infer T> ? T : never,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  const token = { none: undefined, user: tokens[0], demo: tokens[1], garbage: 'not-a-token' }[req.auth];
  if (token) headers.authorization = token;
  if (req.lang !== undefined) headers.lang = req.lang;
  // Path parameters take the first value given for them (or a hostile default).
  let path = r.url.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(req.pairs.find(([k]) => k === name)?.[1] || '0'),
  );
  const qs = new URLSearchParams(req.encoding === 'query' ? req.pairs : []);
  path += `?${qs.toString()}`;
  let body: BodyInit | undefined;
  if (r.method !== 'GET') {
    if (req.encoding === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.pairs).toString();
    } else if (req.encoding === 'json') {
      headers['content-type'] = 'application/json';
      const obj: Record<string, unknown> = {};
      for (const [k, v] of req.pairs)
        Object.defineProperty(obj, k, {
          value: jsonValue(v, req.jsonShape),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      body = JSON.stringify(obj);
    } else if (req.encoding === 'multipart') {
      const fd = new FormData();
      for (const [k, v] of req.pairs) fd.append(k, v);
      fd.append('file', new Blob([req.garbage], { type: 'image/png' }), 'x.png');
      body = fd;
    } else if (req.encoding === 'garbage') {
      headers['content-type'] = req.garbageType;
      body = req.garbage;
    }
  }
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: r.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  return { status: res.status, text: await res.text() };
}

describe('fuzzing every HTTP route', () => {
  it('finds the routes to fuzz from the app itself', () => {
    const urls = fuzzable(server.app.routeTable).map((r) => `${r.method} ${r.url}`);
    // The money and trading routes are among them; a new route joins without an edit here.
    expect(urls).toEqual(expect.arrayContaining(['GET /v1/api/forex/submit', 'POST /api/user/loginForU']));
    expect(urls.length).toBeGreaterThan(20);
  });

  it("answers the router's own refusals (a path parameter too long, a bad %-escape) with the envelope", async () => {
    for (const path of [`/api/ops/run/${'9'.repeat(300)}`, '/api/ops/run/%E0%A4%A']) {
      const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { lang: 'en' } });
      expect(res.status).toBeLessThan(500);
      expect(await res.json()).toMatchObject({ code: 0, msg: expect.stringMatching(/\w/) as unknown, data: null });
    }
  });

  it(
    `answers ${RUNS_PER_ROUTE} hostile requests per route with an envelope, never a 5xx, and refusals write nothing`,
    async () => {
      for (const r of fuzzable(server.app.routeTable)) {
        await fc.assert(
          fc.asyncProperty(requestArb(r), async (req) => {
            const before = await moneyFingerprint(server.ctx.db);
            const { status, text } = await send(r, req);
            tally.requests++;
            tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
            expect(status, `${r.method} ${r.url}: ${text.slice(0, 300)}`).toBeLessThan(500);
            if (!isApi(r)) return; // e.g. the web manifest: any non-5xx answer will do
            const env = JSON.parse(text) as { code: unknown; msg: unknown };
            expect(typeof env.code, `${r.method} ${r.url}`).toBe('number');
            expect(typeof env.msg).toBe('string');
            if (env.code === 1) {
              tally.accepted++;
              return;
            }
            tally.refused++;
            expect((env.msg as string).length, `${r.method} ${r.url}: empty message`).toBeGreaterThan(0);
            expect(await moneyFingerprint(server.ctx.db), `${r.method} ${r.url} refused but wrote`).toBe(before);
          }),
          { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20261123), endOnFailure: true },
        );
      }
      expect(await ledgerViolations(server.ctx.db)).toEqual([]);
    },
    slow(120_000),
  );
});

/** A body of the route's own fields, each a plain string: what a valid request looks like to the parser. */
function plainBody(r: RouteEntry): Record<string, unknown> {
  const props = (r.schema?.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Object.fromEntries(Object.keys(props).map((k) => [k, '1']));
}

/** JSON text nesting `depth` arrays or objects (built as text: JSON.stringify itself recurses). */
const deepJson = (depth: number, kind: 'array' | 'object'): string =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('deep and wide JSON bodies on every route that reads one', () => {
  // Each fits under the body cap (BODY_MAX_BYTES in server/http/http-app.ts), so every route reads it.
  const bodies: Array<[string, (valid: Record<string, unknown>) => string]> = [
    ['a valid body plus one extra field 10,000 levels deep', withExtra(deepJson(10_000, 'object'))],
    ['a valid body plus one extra field 30,000 arrays deep', withExtra(deepJson(30_000, 'array'))],
    ['a bare array 10,000 deep', () => deepJson(10_000, 'array')],
    ['a valid body plus one extra field 3,500 keys wide', withExtra(wideJson(3_500))],
  ];
  function withExtra(extra: string): (valid: Record<string, unknown>) => string {
    return (valid) => {
      const text = JSON.stringify(valid);
      return `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"zz_extra":${extra}}`;
    };
  }
  function wideJson(width: number): string {
    return `{${Array.from({ length: width }, (_, i) => `"k${i}":[${i}]`).join(',')}}`;
  }

  it.each(bodies)(
    '%s: every answer is an envelope, never a 5xx, nor a 429 or 413 that hides the route',
    async (_name, make) => {
      const routes = fuzzable(server.app.routeTable).filter((r) => r.method !== 'GET' && isApi(r));
      expect(routes.length).toBeGreaterThan(15);
      for (const r of routes) {
        for (const token of [undefined, tokens[0]]) {
          const path = r.url.replace(/:(\w+)/g, '1');
          const res = await fetch(`${server.baseUrl}${path}`, {
            method: r.method,
            headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { authorization: token } : {}) },
            body: make(plainBody(r)),
          });
          const text = await res.text();
          const where = `${r.method} ${r.url} (${token ? 'user' : 'anonymous'}): ${text.slice(0, 200)}`;
          expect(res.status, where).toBeLessThan(500);
          expect(res.status, where).not.toBe(429);
          expect(res.status, where).not.toBe(413);
          const env = JSON.parse(text) as { code: unknown; msg: unknown };
          expect(typeof env.code, where).toBe('number');
          expect(typeof env.msg, where).toBe('string');
        }
      }
    },
    slow(120_000),
  );
});
