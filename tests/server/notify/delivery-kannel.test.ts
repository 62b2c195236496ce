// SMS through Debian's Kannel (docs/notifications.md "SMS: Kannel"): the test starts bearerbox, smsbox and the fake
// SMSC of kannel-extras on free ports; a registration code sent by SMS really crosses the gateway, the test reads it
// at the fake SMSC's side and finishes a registration by mobile with it. The outbox plays no part. The text is sent
// as UCS-2, so a message in traditional Chinese arrives whole; the sendsms password and the code never ride in a URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import { codeIn } from '../../fixtures/smtp-sink.ts';
import { KANNEL_PASS, KANNEL_USER, startKannel, type Kannel } from '../../fixtures/kannel.ts';
import { until } from '../../fixtures/until.ts';
import { api, startTestServer, type TestServer } from '../support/harness.ts';

let kannel: Kannel;
let server: TestServer;

beforeAll(async () => {
  kannel = await startKannel();
  server = await startTestServer({
    delivery: {
      sms: {
        provider: 'kannel',
        url: kannel.sendsmsUrl,
        username: KANNEL_USER,
        password: KANNEL_PASS,
        from: 'Tickwise',
      },
    },
  });
});
afterAll(async () => {
  await server?.close();
  await kannel?.stop();
});

describe('registration by mobile through Kannel', () => {
  it('sends the code across bearerbox to the fake SMSC, and that code finishes the registration', async () => {
    const client = api(server.baseUrl, { lang: 'hk' });
    const areas = await client.get<Array<{ id: number; code: string }>>('/api/default/area_list');
    const hk = areas.data.find((a) => a.code === 'HK');
    const mobile = `6${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const sent = await client.post<{ key: string }>('/api/notify/send_sms', { to: mobile, area_id: hk?.id, type: 1 });
    expect(sent.code, sent.msg).toBe(1);
    await until(() => kannel.received().some((m) => m.to === `+852${mobile}`), {
      what: 'the SMS at the fake SMSC',
      stepMs: 20,
    }).catch((err: unknown) => {
      throw new Error(`${(err as Error).message}\n${kannel.output().slice(-3000)}`);
    });
    const sms = kannel.received().find((m) => m.to === `+852${mobile}`)!;
    expect(sms.from).toBe('Tickwise');
    expect(sms.text).toContain('[Tickwise]');
    expect(sms.text).toContain('驗證碼'); // UCS-2: the traditional Chinese text crossed whole
    const code = codeIn(sms.text);
    const outbox = await server.ctx.db.query('SELECT id FROM outbox WHERE recipient LIKE $1', [`%${mobile}`]);
    expect(outbox).toEqual([]);
    // The SMSC can hold the message before the sender has recorded Kannel's answer: wait for the record.
    await expect
      .poll(() =>
        server.ctx.db.query<{ state: string; provider: string }>(
          'SELECT state, provider FROM deliveries WHERE recipient = $1',
          [`+852${mobile}`],
        ),
      )
      .toEqual([{ state: 'sent', provider: 'kannel' }]);

    const reg = await client.post<LoginResult>('/api/user/register', {
      type: 'mobile',
      mobile,
      area_id: hk?.id,
      password: 'abc12345',
      re_password: 'abc12345',
      sms_code: code,
      key: sent.data.key,
    });
    expect(reg.code, reg.msg).toBe(1);
    const login = await client.post<LoginResult>('/api/user/loginForU', {
      account: mobile,
      password: 'abc12345',
      login_type: 'mobile',
    });
    expect(login.code, login.msg).toBe(1);
    // The gateway's own log (smsbox at WARNING, as docs/notifications.md asks) holds neither the password nor the code.
    expect(kannel.gatewayLog()).not.toContain(KANNEL_PASS);
    expect(kannel.gatewayLog()).not.toContain(code);
  });

  it('retries a refused login (wrong sendsms password) instead of losing the message, naming Kannel’s answer', async () => {
    const wrong = await startTestServer({
      delivery: {
        sms: {
          provider: 'kannel',
          url: kannel.sendsmsUrl,
          username: KANNEL_USER,
          password: 'not-the-password',
          from: '',
        },
      },
    });
    try {
      const client = api(wrong.baseUrl, { lang: 'en' });
      const areas = await client.get<Array<{ id: number; code: string }>>('/api/default/area_list');
      const hk = areas.data.find((a) => a.code === 'HK');
      const mobile = `5${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      const sent = await client.post('/api/notify/send_sms', { to: mobile, area_id: hk?.id, type: 1 });
      expect(sent.code, sent.msg).toBe(1);
      // One read of the row after its first refusal: the sender may already be on its next attempt (state 'sending')
      // by the time a second query looks, so the state is judged from the same read as the error.
      type Row = { state: string; attempts: number; last_error: string | null };
      let rows: Row[] = [];
      await until(
        async () => {
          rows = await wrong.ctx.db.query<Row>('SELECT state, attempts, last_error FROM deliveries');
          return rows.some((r) => r.last_error !== null);
        },
        { what: 'the first attempt refused', stepMs: 20 },
      );
      expect(rows).toHaveLength(1);
      expect(['queued', 'sending']).toContain(rows[0]?.state); // kept for a retry: neither given up nor sent
      expect(rows[0]?.attempts).toBeGreaterThanOrEqual(1);
      expect(rows[0]?.last_error).toMatch(/^kannel HTTP 403: Authorization failed/);
    } finally {
      await wrong.close();
    }
  });
});
