// /healthz with the database held (every PGlite transaction slot, every PostgreSQL pool connection busy, as a hung
// transaction would hold them): it answers 503 "briefly unavailable, try again" with Retry-After once its bound
// (PING_TIMEOUT_MS) passes instead of hanging the probe, and 200 again when the database is free. The bound's timer is the server's own (ctx.timers),
// fired here by hand.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Timers } from '../../../domain/time.ts';
import { PING_TIMEOUT_MS } from '../../../server/db/ping.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import en from '../../../locales/en.json' with { type: 'json' };

/** Timers that never fire by themselves; the ping's bound is kept for the test to fire. */
const bounds = new Map<number, () => void>();
let nextTimer = 1;
const timers: Timers = {
  setTimeout(fn, ms) {
    const id = nextTimer++;
    if (ms === PING_TIMEOUT_MS) bounds.set(id, fn);
    return id;
  },
  clearTimeout: (id) => bounds.delete(id as number),
  setInterval: () => 0,
  clearInterval: () => undefined,
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ timers });
});
afterAll(async () => {
  await server?.close();
});

const health = async (): Promise<{
  status: number;
  retryAfter: string | null;
  body: { code: number; msg: string };
}> => {
  const res = await fetch(`${server.baseUrl}/healthz`, { headers: { lang: 'en' } });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { code: number; msg: string },
  };
};

it('answers 503 when the database stays held past the bound, and 200 once it is free', async () => {
  const ok = await health();
  expect(ok.status).toBe(200);
  expect(bounds.size).toBe(0); // the answer in time cleared its bound

  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  // More transactions than PostgreSQL's pool has connections (10); on PGlite the first holds its one connection.
  const held = Array.from({ length: 12 }, () => server.ctx.db.tx(() => gate));
  try {
    const answer = health();
    await expect.poll(() => bounds.size).toBe(1); // the check is waiting for the database
    for (const fire of bounds.values()) fire();
    const late = await answer;
    expect(late).toEqual({ status: 503, retryAfter: '5', body: { code: 500, msg: en.errors.unavailable, data: null } });
  } finally {
    release();
    await Promise.all(held);
  }
  expect((await health()).status).toBe(200);
});
