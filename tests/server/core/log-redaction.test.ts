// What the request log says about a URL: the query values that work as credentials (a demo_id is that demo
// user's password; a token, a code, a password) are written as [redacted], the other parameters as sent
// (docs/security.md "Logs"). A client that leaves mid-answer is an info line, not an error.
import { Writable } from 'node:stream';
import { serverLog } from '../../../server/core/log-redaction.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ log: serverLog('info', sink), market: { manual: true } });
});
afterAll(async () => {
  await server?.close();
});

describe('the request log', () => {
  it('writes a demo_id as [redacted], and still logs the request and its other parameters', async () => {
    const demoId = `secret-demo-${Math.floor(Math.random() * 1e9)}`;
    const r = await api(server.baseUrl).get('/api/user/createAccountDemoForU', { demo_id: demoId, lang: 'en' });
    expect(r.code).toBe(1);
    const all = lines.join('');
    expect(all).not.toContain(demoId);
    const logged = lines
      .map((l) => JSON.parse(l) as { req?: { url?: string } })
      .map((l) => l.req?.url)
      .filter((u): u is string => typeof u === 'string' && u.startsWith('/api/user/createAccountDemoForU'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^\/api\/user\/createAccountDemoForU\?(t=\d+&)?demo_id=\[redacted\]&lang=en$/);
  });

  it('redacts token, code and password in any query, whatever their case or encoding', async () => {
    lines.length = 0;
    await fetch(`${server.baseUrl}/api/user/info?Token=tok-SECRET1&code=654321&password=pw-SECRET2&page=2`);
    await fetch(`${server.baseUrl}/api/user/info?%64emo_id=enc-SECRET3`);
    const all = lines.join('');
    for (const secret of ['tok-SECRET1', '654321', 'pw-SECRET2', 'enc-SECRET3']) expect(all).not.toContain(secret);
    expect(all).toContain('page=2');
  });
});

describe('a client that leaves mid-answer', () => {
  it('is logged at info, as Fastify logs a stream cut short; any other error stays an error', () => {
    lines.length = 0;
    const request = serverLog('info', {
      write: (line: string) => {
        lines.push(line);
      },
    }).child({ reqId: 'req-1' });
    request.error(new Error('premature close')); // what @fastify/compress logs when the client goes away
    request.error(new Error('the database went away'));
    const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string; reqId: string });
    expect(logged.map((l) => [l.level, l.msg, l.reqId])).toEqual([
      [30, 'stream closed prematurely', 'req-1'],
      [50, 'the database went away', 'req-1'],
    ]);
  });
});
