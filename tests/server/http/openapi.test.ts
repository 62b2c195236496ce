// The OpenAPI document: generated from the route schemas, it names every route the server registers with
// its parameters, the envelope and its data shape, the auth header and the live socket; the Swagger UI page is served
// beside it. That real answers match their documented shape is checked on every server test (tests/server/support/harness.ts,
// server/http/response-check.ts); the checker itself is tested here against answers that break the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX, OPENAPI_PATH, undocumented } from '../../../server/http/openapi.ts';
import { createResponseChecker } from '../../../server/http/response-check.ts';
import { replies } from '../../../server/http/wire-schema.ts';
import { BALANCE } from '../../../server/http/wire/wallet.ts';
import { registerAndLogin, startTestServer, type TestServer } from '../support/harness.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Record<string, unknown> }>;
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>>; required?: string[] } }>;
  };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: Array<Record<string, unknown>>;
  tags?: string[];
}
interface OpenApiDoc {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
    schemas: Record<string, unknown>;
  };
  'x-websocket': { path: string };
}

let server: TestServer;
let doc: OpenApiDoc;

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  const res = await fetch(`${server.baseUrl}${OPENAPI_PATH}`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenApiDoc;
});
afterAll(async () => {
  await server?.close();
});

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

const documentedRoutes = () => server.app.routeTable.filter((r) => r.method !== 'HEAD' && !undocumented(r.url));

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and names every registered route with its method', () => {
    expect(doc.openapi).toBe('3.1.0');
    const missing = documentedRoutes()
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(documentedRoutes().length).toBeGreaterThan(55);
  });

  it("documents each route's parameters, its envelope and data shape, and the errors", () => {
    for (const r of documentedRoutes()) {
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()] as Operation;
      expect(op.tags?.length, `${r.method} ${r.url} has a tag`).toBeGreaterThan(0);
      // Query parameters of the schema are parameters of the document (plus the lang header everywhere).
      const query = Object.keys((r.schema?.querystring as { properties?: object } | undefined)?.properties ?? {});
      const params = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(params.sort(), `${r.method} ${r.url} query`).toEqual(query.sort());
      expect(
        op.parameters?.some((p) => p.in === 'header' && p.name === 'lang'),
        `${r.url} lang`,
      ).toBe(true);
      if (r.websocket) continue;
      expect(op.responses['200'], `${r.method} ${r.url} answers 200`).toBeDefined();
      expect(op.responses['4XX'] ?? op.responses['4xx'], `${r.method} ${r.url} documents its failures`).toBeDefined();
    }
    // One route in full: a form body, the envelope around LoginResult, or the failure.
    const login = doc.paths['/api/user/loginForU']?.post as Operation;
    expect(JSON.stringify(login.requestBody)).toContain('"account"');
    const answer = login.responses['200']?.content?.['application/json']?.schema as {
      anyOf: Array<Record<string, unknown>>;
    };
    const [success, failure] = answer.anyOf;
    expect(JSON.stringify(success)).toMatch(/"token".*"user".*"invite_code"/);
    expect(failure?.title).toBe('Failure');
    expect(doc.info.description).toMatch(/\*\*999\*\*/);
  });

  it('gives every operation a unique operationId and a summary (what a generated client needs)', () => {
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        // A route missing from server/http/operations.json gets its method and path as the summary: add it there.
        expect(op.summary, `${method} ${path}: no summary in server/http/operations.json`).not.toMatch(
          /^(GET|POST) \//,
        );
        expect(ids.has(op.operationId ?? ''), `${op.operationId} twice`).toBe(false);
        ids.add(op.operationId ?? '');
      }
    }
    expect(ids.size).toBeGreaterThan(70);
  });

  it('declares every body the server reads, in each media type it takes', () => {
    const form = 'application/x-www-form-urlencoded';
    for (const [path, ops] of Object.entries(doc.paths)) {
      const post = ops.post;
      if (!post) continue;
      expect(post.requestBody, `POST ${path} body`).toBeDefined();
      if (path === '/api/common/image_upload') continue;
      expect(Object.keys(post.requestBody?.content ?? {}).sort(), `POST ${path}`).toEqual(
        [form, 'application/json'].sort(),
      );
    }
    const upload = doc.paths['/api/common/image_upload']?.post?.requestBody;
    expect(upload?.required).toBe(true);
    expect(upload?.content['multipart/form-data']?.schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    // An operator command's parameters; logout takes nothing and works without a session.
    expect(doc.paths['/api/ops/run/{name}']?.post?.requestBody).toMatchObject({
      required: false,
      content: { [form]: {} },
    });
    const logout = doc.paths['/api/user/logout']?.post as Operation;
    expect(logout.requestBody?.required).toBe(false);
    expect(logout.security).toEqual([{}, { session: [] }]);
  });

  it("is as tight as the server: the demo id, the account, the code's recipient, the failure codes", () => {
    const demoId = doc.paths['/api/user/createAccountDemoForU']?.get?.parameters?.find((p) => p.name === 'demo_id');
    const demoRe = new RegExp(String(demoId?.schema?.pattern), 'u');
    expect(['abcdefgh', 'A_b-0123456789'].every((v) => demoRe.test(v))).toBe(true);
    expect(['abcdefg', 'abc def gh', 'a'.repeat(65), 'abcdefg!'].some((v) => demoRe.test(v))).toBe(false);
    const body = (path: string) =>
      doc.paths[path]?.post?.requestBody?.content['application/json']?.schema.properties ?? {};
    const account = new RegExp(String(body('/api/user/loginForU').account?.pattern), 'u');
    expect(['a@b.co', ' A@Example.COM ', '9123 4567', '(852) 9123-4567'].every((v) => account.test(v))).toBe(true);
    expect(['', 'a@b', '1234', 'x'.repeat(10), '1'.repeat(16)].some((v) => account.test(v))).toBe(false);
    expect(new RegExp(String(body('/api/notify/send_email').to?.pattern), 'u').test('91234567')).toBe(false);
    expect(new RegExp(String(body('/api/notify/send_sms').to?.pattern), 'u').test('a@b.co')).toBe(false);
    expect(body('/api/user/forget_password').account?.minLength).toBe(1);
    // An internal failure has its own code.
    const fail5xx =
      doc.paths['/api/fund/list']?.get?.responses['5XX'] ?? doc.paths['/api/fund/list']?.get?.responses['5xx'];
    expect(JSON.stringify(fail5xx)).toMatch(/"code":\{"(const|enum)":\[?500/);
  });

  it('states the auth header and which routes need a session', () => {
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'authorization',
    });
    expect(doc.components.securitySchemes.opsToken).toMatchObject({ in: 'header', name: 'x-ops-token' });
    expect(doc.paths['/v1/api/forex/submit']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/ops/commands']?.get?.security).toEqual([{ opsToken: [] }]);
    expect(doc.paths['/v1/api/forex/trade_list']?.get?.security).toBeUndefined();
    // The idempotency header the submit handler reads is documented though Fastify does not validate it.
    expect(
      doc.paths['/v1/api/forex/submit']?.get?.parameters?.some(
        (p) => p.in === 'header' && p.name === 'idempotency-key',
      ),
    ).toBe(true);
  });

  it('describes the live socket beside the REST routes', () => {
    expect(doc['x-websocket'].path).toBe('/v1/ws');
    expect(doc.paths['/v1/ws']?.get).toBeDefined();
    expect(JSON.stringify(doc.components.schemas.WsClientMessage)).toContain('"login"');
    expect(JSON.stringify(doc.components.schemas.WsServerMessage)).toMatch(/DAY_MARKET.*FOREX_CLOSED/);
  });

  it("is shown by the reference page, whose scripts are all files of this origin (script-src 'self')", async () => {
    const res = await fetch(`${server.baseUrl}${DOCS_PREFIX}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('swagger-ui');
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((attrs) => /src="\.?\/?[\w./-]+"/.test(attrs) && !/src="(https?:)?\/\//.test(attrs))).toBe(
      true,
    );
  });

  it("sends the page's static index.html with a query string to the page, not round a redirect loop", async () => {
    const res = await fetch(`${server.baseUrl}${DOCS_PREFIX}/static/index.html?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${DOCS_PREFIX}/`);
  });

  it('matches real answers (a logged-in read goes through the checker with no violation)', async () => {
    const user = await registerAndLogin(server);
    expect((await user.client.get('/v1/api/main/wallet/getBalance')).code).toBe(1);
    expect((await user.client.withToken(null).get('/v1/api/main/wallet/getBalance')).code).toBe(999);
    expect(server.violations).toEqual([]);
  });
});

describe('the response checker', () => {
  const check = createResponseChecker();
  const responses = replies(BALANCE);
  const at = (status: number, payload: unknown) => check('GET', '/x', responses, status, payload);

  it('accepts the documented success and failure envelopes', () => {
    expect(at(200, { code: 1, msg: 'success', data: { balance: '10.00', lock_balance: '0.00' } })).toBeNull();
    expect(at(200, { code: 999, msg: 'Please log in', data: null })).toBeNull();
    expect(at(404, { code: 0, msg: 'Not found', data: null })).toBeNull();
  });

  it('refuses a field of the wrong type, a missing field, a success without data and an undeclared status', () => {
    expect(at(200, { code: 1, msg: 'success', data: { balance: 10, lock_balance: '0.00' } })).toMatch(/balance/);
    expect(at(200, { code: 1, msg: 'success', data: { balance: '10.00' } })).toMatch(/lock_balance/);
    expect(at(200, { code: 1, msg: 'success', data: null })).not.toBeNull();
    expect(at(200, { code: 0, msg: 'no', data: { balance: '1' } })).not.toBeNull();
    expect(check('GET', '/y', { 200: responses['200'] ?? {} }, 302, {})).toMatch(/no response schema/);
  });
});
