// Property-based fuzz of the live socket /v1/ws: sequences of hostile frames (non-JSON, JSON of every shape, known
// types with wrong fields, unknown types, binary, over the 4 KiB frame limit, over the 64 KiB payload cap) and
// floods. The server answers each with a JSON message or closes with a deliberate code (never 1006/1011), keeps
// answering pings on a surviving socket, writes nothing to the money tables, and stays healthy.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { moneyFingerprint } from '../../../server/ledger/invariants.ts';
import { until } from '../../fixtures/until.ts';
import { api, manualClock, registerAndLogin, startTestServer, type TestServer } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

const RUNS = Number(process.env.FUZZ_RUNS_WS ?? 60);
/** Deliberate closes: normal/idle, going away, policy, too big, try again later. */
const ALLOWED_CLOSES = [1000, 1001, 1008, 1009, 1012, 1013];
const clock = manualClock();
let server: TestServer;
let token = '';
const tally = { sockets: 0, frames: 0, replies: 0, closes: {} as Record<number, number> };

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  token = (await registerAndLogin(server, { clock })).token;
});
afterAll(async () => {
  console.log(`[fuzz-ws] ${JSON.stringify(tally)}`);
  await server?.close();
});

type Frame = { kind: 'text'; text: string } | { kind: 'binary'; bytes: Uint8Array };

const json = (v: unknown): Frame => ({ kind: 'text', text: JSON.stringify(v) ?? 'null' });
const smallFrame: fc.Arbitrary<Frame> = fc.oneof(
  fc.string({ maxLength: 60 }).map((text): Frame => ({ kind: 'text', text })),
  fc.string({ unit: 'binary', maxLength: 60 }).map((text): Frame => ({ kind: 'text', text })),
  fc.jsonValue({ maxDepth: 3 }).map(json),
  fc
    .record(
      {
        type: fc.oneof(
          fc.constantFrom('ping', 'logout', 'sub', 'unsub', 'login', 'order', 'PING', '', '__proto__'),
          fc.string({ maxLength: 40 }),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        topic: fc.oneof(
          fc.constantFrom('DAY_MARKET', 'FOREX_TRADE', 'FOREX_CLOSED', 'KLINE.EURUSD', 'KLINE.', 'KLINE.x'.repeat(20)),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        token: fc.oneof(
          fc.constant('REAL'),
          fc.string({ maxLength: 40 }),
          fc.constant('t'.repeat(600)),
          fc.jsonValue({ maxDepth: 1 }),
        ),
      },
      { requiredKeys: ['type'] },
    )
    .map((m) => json(m.token === 'REAL' ? { ...m, token } : m)),
  fc.uint8Array({ maxLength: 200 }).map((bytes): Frame => ({ kind: 'binary', bytes })),
);
const hugeFrame = fc.constantFrom<Frame>(
  { kind: 'text', text: JSON.stringify({ type: 'sub', topic: 'x'.repeat(5000) }) }, // over the 4 KiB frame limit
  { kind: 'text', text: 'y'.repeat(70 * 1024) }, // over the 64 KiB payload cap: closed with 1009
  { kind: 'binary', bytes: new Uint8Array(5000) },
);
/** Mostly small frames, so most sequences get past the first oversized one. */
const frameArb = fc.oneof({ weight: 15, arbitrary: smallFrame }, { weight: 1, arbitrary: hugeFrame });

interface Probe {
  ws: WebSocket;
  messages: unknown[];
  closed?: number;
}

function open(): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(server.wsUrl);
    const p: Probe = { ws, messages: [] };
    ws.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      p.messages.push(JSON.parse((data as Buffer).toString('utf8')));
    });
    ws.on('close', (code) => {
      p.closed = code;
    });
    ws.once('open', () => resolve(p));
    ws.once('error', reject);
  });
}

/** Sends the frames, then a ping: the socket either answers it or has been closed with a deliberate code. */
async function exercise(frames: readonly Frame[]): Promise<void> {
  const p = await open();
  tally.sockets++;
  for (const f of frames) {
    if (p.ws.readyState !== WebSocket.OPEN) break;
    p.ws.send(f.kind === 'text' ? f.text : f.bytes, { binary: f.kind === 'binary' });
    tally.frames++;
  }
  if (p.ws.readyState === WebSocket.OPEN) p.ws.send(JSON.stringify({ type: 'ping' }));
  const ponged = (): boolean => p.messages.some((m) => (m as { type?: unknown }).type === 'pong');
  await until(() => ponged() || p.closed !== undefined, { what: 'a pong or a close', tries: 2000, stepMs: 5 });
  tally.replies += p.messages.length;
  for (const m of p.messages) {
    expect(
      typeof m === 'object' && m !== null && typeof (m as { type?: unknown }).type === 'string',
      JSON.stringify(m),
    ).toBe(true);
    if ((m as { type: string }).type === 'error') expect((m as { msg?: unknown }).msg).toMatch(/\w/);
  }
  if (p.closed !== undefined) {
    tally.closes[p.closed] = (tally.closes[p.closed] ?? 0) + 1;
    expect(ALLOWED_CLOSES, `close code ${p.closed}`).toContain(p.closed);
  } else {
    p.ws.close();
  }
}

describe('fuzzing the live socket', () => {
  it(
    `answers ${RUNS} hostile frame sequences with a message or a deliberate close, writing nothing`,
    async () => {
      const before = await moneyFingerprint(server.ctx.db);
      await fc.assert(fc.asyncProperty(fc.array(frameArb, { minLength: 1, maxLength: 12 }), exercise), {
        numRuns: RUNS,
        seed: Number(process.env.FUZZ_SEED ?? 20261123),
        endOnFailure: true,
      });
      expect(await moneyFingerprint(server.ctx.db)).toBe(before);
      expect((await api(server.baseUrl).get('/healthz')).code).toBe(1);
    },
    slow(60_000),
  );

  it(
    'survives floods: thousands of frames at once on several sockets',
    async () => {
      const before = await moneyFingerprint(server.ctx.db);
      const flood = fc.sample(smallFrame, { numRuns: 1500, seed: 7 });
      const logins = Array.from({ length: 500 }, (): Frame => json({ type: 'login', token }));
      await Promise.all([
        exercise(flood),
        exercise(flood.slice().reverse()),
        exercise(logins),
        exercise(flood.concat(logins)),
      ]);
      expect(await moneyFingerprint(server.ctx.db)).toBe(before);
      expect((await api(server.baseUrl).get('/healthz')).code).toBe(1);
    },
    slow(60_000),
  );
});
