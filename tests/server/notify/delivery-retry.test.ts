// The delivery queue's retry rules under a fake clock (docs/notifications.md "Retries"), through the Twilio stand-in
// (its documented contract: form-encoded To/From/Body, basic auth, 201 with `sid`, errors with `code`/`message`):
// gateway down → the message stays queued and is retried with a growing, jittered back-off → delivered when the
// gateway is back, and its code finishes a registration by mobile; given up after the limit with the last error; a
// provider's final refusal (a 4xx) fails it at once; the requester then reads "failed".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import { OPS_COMMANDS } from '../../../server/ops/commands/index.ts';
import { codeIn } from '../../fixtures/smtp-sink.ts';
import { startTwilioStandIn, TWILIO_SID, TWILIO_TOKEN, type TwilioStandIn } from '../../fixtures/twilio-standin.ts';
import { IDLE_TIMERS } from '../../fixtures/null-services.ts';
import { api, manualClock, opsCommand, startTestServer, type TestServer } from '../support/harness.ts';

const clock = manualClock();
let twilio: TwilioStandIn;
let server: TestServer;
let hkId = 0;
const deliveries = opsCommand(OPS_COMMANDS, () => server, 'deliveries');
const BASE = 1000;

interface Row {
  state: string;
  attempts: number;
  due_at: string;
  last_error: string | null;
  provider_id: string | null;
  payload: string | null;
}

beforeAll(async () => {
  twilio = await startTwilioStandIn();
  server = await startTestServer({
    clock,
    timers: IDLE_TIMERS, // the sender's poll never fires: the test runs its rounds (ctx.delivery.runDue)
    market: { manual: true },
    delivery: {
      sms: {
        provider: 'twilio',
        accountSid: TWILIO_SID,
        authToken: TWILIO_TOKEN,
        from: '+15005550006',
        apiBase: twilio.base,
      },
      maxAttempts: 4,
      retryBaseMs: BASE,
      retryMaxMs: 60_000,
      random: () => 0.5, // each delay is 3/4 of its ceiling
    },
  });
  const areas = await api(server.baseUrl).get<Array<{ id: number; code: string }>>('/api/default/area_list');
  hkId = areas.data.find((a) => a.code === 'HK')?.id ?? 0;
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
});

const runDue = () => {
  const sender = server.ctx.delivery;
  if (!sender) throw new Error('no sender');
  return sender.runDue();
};
const rowOf = async (to: string): Promise<Row> => {
  const rows = await server.ctx.db.query<Row>(
    'SELECT state, attempts, due_at, last_error, provider_id, payload FROM deliveries WHERE recipient = $1',
    [to],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const mobile = () => `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function sendCode(number: string) {
  const client = api(server.baseUrl, { lang: 'en' });
  const sent = await client.post<{ key: string }>('/api/notify/send_sms', { to: number, area_id: hkId, type: 1 });
  expect(sent.code, sent.msg).toBe(1);
  await runDue(); // joins the round the send started
  clock.advance(61_000); // the next send to another number is not "too frequent" from this address's view
  return { client, key: sent.data.key };
}

describe('retry with back-off while the gateway is down', () => {
  it('keeps the message queued, retries later and later, delivers when the gateway is back', async () => {
    twilio.mode = 'down';
    const number = mobile();
    const to = `+852${number}`;
    const t0 = clock.now();
    const { client, key } = await sendCode(number);
    let row = await rowOf(to);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row.last_error).toBe('twilio HTTP 500 20500: Internal Server Error');
    expect(Number(row.due_at) - t0).toBe(0.75 * BASE);
    expect((await client.post<{ state: string }>('/api/notify/code_state', { key })).data.state).toBe('pending');

    // Not due yet: a round leaves it alone.
    clock.set(Number(row.due_at) - 1);
    expect(await runDue()).toBe(0);
    expect((await rowOf(to)).attempts).toBe(1);

    // Due: a second attempt, still down; the next wait is twice as long.
    clock.set(Number(row.due_at));
    expect(await runDue()).toBe(1);
    row = await rowOf(to);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(Number(row.due_at) - clock.now()).toBe(0.75 * 2 * BASE);

    // The gateway is back: the next due round delivers it.
    twilio.mode = 'ok';
    clock.set(Number(row.due_at));
    expect(await runDue()).toBe(1);
    row = await rowOf(to);
    expect(row).toMatchObject({ state: 'sent', attempts: 3, last_error: null, payload: null });
    const sms = twilio.accepted.find((m) => m.to === to);
    expect(sms?.from).toBe('+15005550006');
    expect(row.provider_id).toBe(sms?.sid);
    expect((await client.post<{ state: string }>('/api/notify/code_state', { key })).data.state).toBe('sent');

    // The code that crossed the gateway finishes a registration by mobile.
    const reg = await client.post<LoginResult>('/api/user/register', {
      type: 'mobile',
      mobile: number,
      area_id: hkId,
      password: 'abc12345',
      re_password: 'abc12345',
      sms_code: codeIn(sms?.body ?? ''),
      key,
    });
    expect(reg.code, reg.msg).toBe(1);
    // The five requests: two answered 500, one 201, and the code never in a URL.
    const mine = twilio.requests.slice(-3);
    expect(mine.map((r) => r.status)).toEqual([500, 500, 201]);
    expect(mine.every((r) => r.url === `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`)).toBe(true);
  });
});

describe('giving up', () => {
  it('fails the message after the attempt limit, keeping the last error and dropping the values', async () => {
    twilio.mode = 'down';
    const number = mobile();
    const to = `+852${number}`;
    const { client, key } = await sendCode(number);
    for (let i = 0; i < 5; i++) {
      const row = await rowOf(to);
      if (row.state !== 'queued') break;
      clock.set(Number(row.due_at));
      await runDue();
    }
    const row = await rowOf(to);
    expect(row).toMatchObject({ state: 'failed', attempts: 4, payload: null });
    expect(row.last_error).toBe('twilio HTTP 500 20500: Internal Server Error');
    // No fifth attempt, whenever the next round runs.
    clock.advance(24 * 3600_000);
    await runDue();
    expect((await rowOf(to)).attempts).toBe(4);
    // The requester is told; the operator sees the state and the error.
    expect((await client.post<{ state: string }>('/api/notify/code_state', { key })).data.state).toBe('failed');
    const ops = (await deliveries({ to: number, state: 'failed' })) as Array<Record<string, unknown>>;
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ state: 'failed', attempts: 4, provider: 'twilio', last_error: row.last_error });
    twilio.mode = 'ok';
  });

  it('fails at once when the provider refuses the message for good (a 4xx), with its error code', async () => {
    twilio.mode = 'refuse';
    const number = mobile();
    const to = `+852${number}`;
    const { client, key } = await sendCode(number);
    const row = await rowOf(to);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    // Twilio's words, its 5-digit code kept; the number it echoed is masked like any long digit run.
    expect(row.last_error).toMatch(/^twilio HTTP 400 21211: The 'To' number \+… is not a valid phone number\.$/);
    expect((await client.post<{ state: string }>('/api/notify/code_state', { key })).data.state).toBe('failed');
    twilio.mode = 'ok';
  });

  it('answers bad operator filters with a clear error', async () => {
    await expect(deliveries({ state: 'lost' })).rejects.toMatchObject({ key: 'field_invalid' });
  });
});
