// The API fuzzed from outside, driven by its own document: every operation of the served
// /api/openapi.json, as anonymous, demo and real user, with requests valid by the schemas and invalid ones (wrong
// types, arrays for strings, huge strings, NUL, non-finite numbers, boundaries, extra and missing fields, broken
// bodies). It asserts: no 5xx; every answer matches the schema the document declares for its status and media type
// (ajv); a refusal changes nothing (balances and row counts); the server stays up (/healthz).
//
// Seeded: the seed is printed (FUZZ_SEED=… repeats the run's requests in the same order) with the counts. In npm test
// a fixed number of whole rounds (FUZZ_ROUNDS, default 2), so a slow host sends the same requests, only later;
// `npm run fuzz` sets FUZZ_SECONDS and runs rounds until that time is up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import { OPENAPI_PATH } from '../../../server/http/openapi.ts';
import { ledgerViolations } from '../../../server/ledger/invariants.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { answerChecker, operations, type OpenApiDocument, type Operation } from './openapi-fuzz/document.ts';
import { buildRequest, KINDS, type FuzzRequest } from './openapi-fuzz/requests.ts';
import { Rng } from './openapi-fuzz/values.ts';
import { api, manualClock, registerAndLogin, startTestServer, type TestServer } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const BUDGET_MS = process.env.FUZZ_SECONDS ? Number(process.env.FUZZ_SECONDS) * 1000 : undefined;
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 2);
const DEMO_ID = 'fuzz-openapi-demo';

const clock = manualClock();
let server: TestServer;
let doc: OpenApiDocument;
type Who = 'anonymous' | 'demo' | 'user';
const tokens: Record<Who, string | undefined> = { anonymous: undefined, demo: undefined, user: undefined };
let userLogin: { account: string; password: string };

const tally = {
  seed: SEED,
  requests: 0,
  operations: 0,
  accepted: 0,
  refused: 0,
  byStatus: {} as Record<number, number>,
  byKind: {} as Record<string, number>,
  byCaller: {} as Record<string, number>,
};

beforeAll(async () => {
  const bound = BUDGET_MS === undefined ? `${ROUNDS} rounds` : `${BUDGET_MS / 1000} s`;
  console.log(`[fuzz-openapi] seed ${SEED} (repeat with FUZZ_SEED=${SEED}), ${bound}`);
  // Budgets far above the harness's usual factor: a 429 answered before the body is read would hide the route.
  server = await startTestServer({ clock, market: { manual: true }, security: { factor: 1_000_000 } });
  const user = await registerAndLogin(server, { clock });
  userLogin = { account: user.account, password: user.password };
  await move(server.ctx.db, user.user.id, {
    balance: '50000',
    type: RecordType.MEMO,
    memo: 'fuzz funds',
    at: clock.now(),
  });
  tokens.user = user.token;
  tokens.demo = await demoToken();
  doc = (await (await fetch(`${server.baseUrl}${OPENAPI_PATH}`)).json()) as OpenApiDocument;
}, slow(60_000));
afterAll(async () => {
  console.log(`[fuzz-openapi] ${JSON.stringify(tally)}`);
  await server?.close();
});

async function demoToken(): Promise<string> {
  const demo = await api(server.baseUrl).get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: DEMO_ID });
  return demo.data.token;
}

/** A session the fuzzer ended (logout, or a password it cannot know was changed) is opened again. */
async function refreshSessions(): Promise<void> {
  const check = async (token: string | undefined) =>
    (
      await api(server.baseUrl)
        .withToken(token ?? null)
        .get('/api/user/info')
    ).code === 1;
  if (!(await check(tokens.demo))) tokens.demo = await demoToken();
  if (!(await check(tokens.user))) {
    const login = await api(server.baseUrl).post<LoginResult>('/api/user/loginForU', {
      ...userLogin,
      login_type: 'email',
    });
    tokens.user = login.data.token;
  }
}

/** Balances and the row counts a refused request must leave as they were. */
async function fingerprint(): Promise<string> {
  const tables = [
    'users',
    'sessions',
    'orders',
    'financial_records',
    'withdrawals',
    'charges',
    'fund_subscriptions',
    'payout_methods',
    'price_alerts',
    'push_subscriptions',
    'watchlist',
    'feedback',
    'uploads',
    'user_real',
    'verification_codes',
  ];
  const counts = tables.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ');
  const [row] = await server.ctx.db.query<Record<string, string>>(
    `SELECT (SELECT COALESCE(sum(balance), 0) || '/' || COALESCE(sum(lock_balance), 0) FROM accounts) AS money, ${counts}`,
  );
  return JSON.stringify(row);
}

interface Sent {
  status: number;
  contentType: string;
  text: string;
}

async function send(req: FuzzRequest): Promise<Sent> {
  const res = await fetch(`${server.baseUrl}${req.url}`, {
    method: req.method,
    headers: req.headers,
    redirect: 'manual',
    ...(req.body !== undefined ? { body: req.body } : {}),
  });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** What a failure message says to repeat it. */
const where = (n: number, who: Who, req: FuzzRequest): string =>
  `request #${n} (FUZZ_SEED=${SEED}) as ${who}, ${req.kind}: ${req.describe}`;

describe('fuzzing the API from its OpenAPI document', () => {
  it('reads every operation from the served document', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(70);
    expect(ops.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(['placeOrder', 'login', 'uploadImage', 'liveSocket']),
    );
  });

  it(
    'answers every request within the document, never a 5xx; refusals change nothing; the server stays up',
    async () => {
      const rng = new Rng(SEED);
      const ops: Operation[] = operations(doc);
      const check = answerChecker(doc);
      const callers: Who[] = ['anonymous', 'demo', 'user'];
      tally.operations = ops.length;
      const started = performance.now();
      let round = 0;
      // Whole rounds: every operation, as every caller, once a round; ROUNDS of them, or as many as the time allows.
      const more = () =>
        BUDGET_MS === undefined ? round < ROUNDS : round === 0 || performance.now() - started < BUDGET_MS;
      while (more()) {
        for (const op of ops) {
          for (const who of callers) {
            const kind = rng.pick(KINDS);
            const req = buildRequest(rng, op, tokens[who], kind);
            const n = ++tally.requests;
            const before = await fingerprint();
            const answer = await send(req);
            tally.byStatus[answer.status] = (tally.byStatus[answer.status] ?? 0) + 1;
            tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1;
            tally.byCaller[who] = (tally.byCaller[who] ?? 0) + 1;
            const at = where(n, who, req);
            expect(answer.status, `${at} → ${answer.text.slice(0, 300)}`).toBeLessThan(500);
            expect(check(op, answer.status, answer.contentType, answer.text), at).toBeNull();
            const code = /json/.test(answer.contentType)
              ? (JSON.parse(answer.text) as { code?: unknown }).code
              : undefined;
            if (code === 1 || (code === undefined && answer.status < 300)) {
              tally.accepted++;
            } else {
              tally.refused++;
              expect(await fingerprint(), `${at} was refused (${answer.text.slice(0, 200)}) but changed data`).toBe(
                before,
              );
            }
            if (
              op.operationId === 'logout' ||
              op.operationId === 'resetPassword' ||
              op.operationId === 'changePassword'
            )
              await refreshSessions();
          }
        }
        round++;
        const health = await fetch(`${server.baseUrl}/healthz`);
        expect(health.status, `the server is down after round ${round} (FUZZ_SEED=${SEED})`).toBe(200);
      }
      expect(await ledgerViolations(server.ctx.db)).toEqual([]);
    },
    (BUDGET_MS ?? 0) + slow(240_000),
  );
});
