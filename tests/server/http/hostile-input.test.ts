// The classes of 500s and envelope breaks, each over every route it can reach (found through app.routeTable,
// so a new route is covered without an edit here): non-finite numbers in integer fields, NUL in strings, a
// multipart body without a boundary, and the framework's own answers (431, a plain GET on /v1/ws, a refused
// websocket query) in the {code,msg,data} envelope. (An internal error's own code: tests/server/routes/common.test.ts.)
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LoginResult } from '../../../domain/types.ts';
import { undocumented } from '../../../server/http/openapi.ts';
import type { RouteEntry } from '../../../server/http/route-table.ts';
import { moneyFingerprint } from '../../../server/ledger/invariants.ts';
import { api, manualClock, registerAndLogin, startTestServer, type TestServer } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

const clock = manualClock();
let server: TestServer;
let tokens: Record<'anonymous' | 'demo' | 'user', string | undefined>;

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  const user = await registerAndLogin(server, { clock });
  const demo = await api(server.baseUrl).get<LoginResult>('/api/user/createAccountDemoForU', {
    demo_id: 'hostile-demo-1',
  });
  tokens = { anonymous: undefined, demo: demo.data.token, user: user.token };
});
afterAll(async () => {
  await server?.close();
});

type Props = Record<string, { type?: string; enum?: unknown[] }>;

/** The API routes and, per part (query or body), their declared fields. */
function apiRoutes(): Array<{ route: RouteEntry; part: 'querystring' | 'body'; props: Props }> {
  const out: Array<{ route: RouteEntry; part: 'querystring' | 'body'; props: Props }> = [];
  for (const route of server.app.routeTable) {
    if (route.method === 'HEAD' || undocumented(route.url) || route.url.includes(':')) continue;
    for (const part of ['querystring', 'body'] as const) {
      const props = (route.schema?.[part] as { properties?: Props } | undefined)?.properties;
      if (props) out.push({ route, part, props });
    }
  }
  return out;
}

/** One field set to `value` (as query text, or as JSON where it is a number JSON cannot say otherwise). */
async function send(
  route: RouteEntry,
  part: 'querystring' | 'body',
  fields: Record<string, unknown>,
  token: string | undefined,
): Promise<{ status: number; body: { code: number; msg: string; data: unknown } }> {
  const headers: Record<string, string> = { lang: 'en' };
  if (token) headers.authorization = token;
  let url = `${server.baseUrl}${route.url}`;
  let body: string | undefined;
  if (part === 'querystring') {
    url += `?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString()}`;
  } else {
    headers['content-type'] = 'application/json';
    // JSON.stringify writes Infinity as null: the raw text says 1e309, which JSON.parse reads as Infinity.
    body = JSON.stringify(fields).replace(/"__1e309__"/g, '1e309');
  }
  const res = await fetch(url, { method: route.method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as { code: number; msg: string; data: unknown } };
}

describe('class 1: non-finite numbers in integer fields', () => {
  it(
    'refuses Infinity, -Infinity and 1e309 in every integer field of every route, for every caller, writing nothing',
    async () => {
      let tried = 0;
      for (const { route, part, props } of apiRoutes()) {
        const ints = Object.keys(props).filter((k) => props[k]?.type === 'integer' || props[k]?.type === 'number');
        for (const field of ints) {
          const values = part === 'querystring' ? ['Infinity', '-Infinity', '1e309'] : ['__1e309__'];
          for (const value of values) {
            for (const token of Object.values(tokens)) {
              const before = await moneyFingerprint(server.ctx.db);
              const { status, body } = await send(route, part, { [field]: value }, token);
              const where = `${route.method} ${route.url} ${field}=${value}`;
              expect(status, where).toBeLessThan(500);
              expect(body.code, where).not.toBe(1);
              expect(await moneyFingerprint(server.ctx.db), where).toBe(before);
              tried++;
            }
          }
        }
      }
      expect(tried).toBeGreaterThan(60); // fund, news, company, deposits, withdrawals, kline, trading…
    },
    slow(120_000),
  );

  it('refuses it as any other bad value (a field the trader never types: errors.request_invalid)', async () => {
    const res = await api(server.baseUrl, { lang: 'en' }).get('/api/fund/list', { page: 'Infinity' });
    expect(res).toMatchObject({
      status: 200,
      code: 0,
      msg: 'Something in this request is not valid. Please go back and try again.',
    });
  });
});

describe('class 2: NUL in strings', () => {
  it(
    'refuses U+0000 in every string field of every route, for every caller',
    async () => {
      let tried = 0;
      for (const { route, part, props } of apiRoutes()) {
        const strings = Object.keys(props).filter((k) => props[k]?.type === 'string' && k !== 't');
        for (const field of strings) {
          for (const token of Object.values(tokens)) {
            const { status, body } = await send(route, part, { [field]: 'a\u0000@b.co' }, token);
            const where = `${route.method} ${route.url} ${field}`;
            expect(status, where).toBeLessThan(500);
            expect(body.code, where).not.toBe(1);
            tried++;
          }
        }
      }
      expect(tried).toBeGreaterThan(60);
    },
    slow(120_000),
  );

  it('says which field, for the cases of the report', async () => {
    const anon = api(server.baseUrl, { lang: 'en' });
    expect(await anon.get('/api/company/getCompany', { name: '\u0000' })).toMatchObject({
      status: 200,
      code: 0,
      msg: 'Something in this request is not valid. Please go back and try again.',
    });
    expect(await anon.postJson('/api/user/loginForU', { account: 'a\u0000@b.co', password: 'abc12345' })).toMatchObject(
      { status: 200, code: 0 },
    );
    expect(await anon.postJson('/api/notify/send_email', { to: 'a\u0000@b.co', type: 1 })).toMatchObject({
      status: 200,
      code: 0,
    });
    const user = anon.withToken(tokens.user ?? null);
    expect(await user.postJson('/v1/api/alerts/push/unsubscribe', { endpoint: '\u0000' })).toMatchObject({
      status: 200,
      code: 0,
    });
  });
});

describe('class 3: a multipart body the parser cannot read', () => {
  it('answers 400 with the envelope, not 500', async () => {
    const user = api(server.baseUrl, { lang: 'en', token: tokens.user ?? null });
    const cut = '--x\r\nContent-Disposition: form-da';
    const noBoundary = await user.raw('POST', '/api/common/image_upload', cut, 'multipart/form-data');
    expect(noBoundary).toMatchObject({ status: 400, code: 0, msg: 'The request could not be understood', data: null });
    // A form cut short holds no file: the ordinary refusal.
    const truncated = await user.raw('POST', '/api/common/image_upload', cut, 'multipart/form-data; boundary=x');
    expect(truncated).toMatchObject({ status: 200, code: 0, msg: 'Please choose an image to upload' });
  });
});

describe("the framework's own answers carry the envelope", () => {
  it('431 for headers over 16 KB', async () => {
    const { status, type, body } = await new Promise<{ status: number; type: string; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(`${server.baseUrl}/healthz`, { headers: { 'x-big': 'a'.repeat(20_000) } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: text }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
    expect(status).toBe(431);
    expect(type).toMatch(/^application\/json/);
    expect(JSON.parse(body)).toMatchObject({ code: 0, msg: expect.any(String) as unknown, data: null });
  });

  it('426 for a plain GET on /v1/ws, and 400 for a websocket query that fails its schema', async () => {
    const plain = await fetch(`${server.baseUrl}/v1/ws`, { headers: { lang: 'en' } });
    expect(plain.status).toBe(426);
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await plain.json()).toEqual({ code: 0, msg: 'This address only takes a websocket connection', data: null });

    const badQuery = await fetch(`${server.baseUrl}/v1/ws?t=1&t=2`, { headers: { lang: 'en' } });
    expect(badQuery.status).toBe(400);
    expect(await badQuery.json()).toEqual({
      code: 0,
      msg: 'Something in this request is not valid. Please go back and try again.',
      data: null,
    });

    // The same refusal before an upgrade: the socket is never opened.
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${server.wsUrl}?lang=%00`);
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
      });
      ws.on('error', () => undefined); // the refused upgrade also reports here
      ws.on('open', () => {
        resolve(101);
        ws.close();
      });
    });
    expect(status).toBe(400);
  });
});
