// The smaller holes an attack from outside found (docs/security.md), on both databases: a hostile user agent never
// reaches a security message as text, a staff session in a URL never reaches the log, a deep JSON body is a 400, a
// password-reset code left in the outbox is never shown to staff, and every message to a known account — the reset
// code's e-mail included — carries its anti-phishing phrase.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { deviceName } from '../../../server/auth/devices.ts';
import { messageText } from '../../../server/notify/message-text.ts';
import { outboxShow, type OutboxRow } from '../../../server/ops/commands/outbox.ts';
import { runAs } from '../../../server/ops/run.ts';
import type { Message } from '../../../server/core/services.ts';
import { leaveInOutbox } from '../../../server/notify/outbox-repository.ts';
import { startSmtpSink, type SmtpSink } from '../../fixtures/smtp-sink.ts';
import { until } from '../../fixtures/until.ts';
import {
  api,
  manualClock,
  registerAndLogin,
  startTestServer,
  TEST_OPERATOR,
  useTestServer,
  type TestServer,
} from '../support/harness.ts';

const HOSTILE_UA = 'URGENT call +1-555-0100 to keep your account/9.0 (Windows NT 10.0)';

describe('without gateways (the outbox)', () => {
  const sent: Message[] = [];
  const logged: string[] = [];
  let started: TestServer | undefined;
  const clock = manualClock();
  const http = useTestServer({
    clock,
    log: pino(
      { level: 'debug' },
      new Writable({
        write(chunk: Buffer, _enc, done) {
          logged.push(chunk.toString());
          done();
        },
      }),
    ),
    notifier: {
      async send(m) {
        sent.push(m);
        started ??= http.server;
        await leaveInOutbox(started.ctx.db, m.channel, m.to, messageText(m), Date.now(), m.ownerOnly === true);
      },
    },
  });

  it('names a device only by what bowser knows: a hostile user agent reaches no message as text', async () => {
    expect(deviceName(HOSTILE_UA)).toBe('Windows 10');
    const u = await registerAndLogin(http.server);
    const res = await fetch(`${http.server.baseUrl}/api/user/loginForU`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': HOSTILE_UA },
      body: JSON.stringify({ account: u.account, password: u.password, login_type: 'email' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(1);
    const notice = sent.find((m) => m.userId === u.user.id && m.kind === 'new_device_sign_in');
    expect(notice?.values.device).toBe('Windows 10');
    expect(JSON.stringify(sent)).not.toContain('555-0100');
  });

  it('redacts a staff session or token put in a URL from the log', async () => {
    const secret = 'staff-session-secret-value-0123456789';
    for (const name of ['x-ops-session', 'X-Ops-Token', 'x-ops-bootstrap']) {
      await fetch(`${http.server.baseUrl}/api/ops/me?${name}=${secret}`);
    }
    expect(logged.join('')).toContain('[redacted]');
    expect(logged.join('')).not.toContain(secret);
  });

  it('answers a body nested deeper than any form with HTTP 400', async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const res = await fetch(`${http.server.baseUrl}/api/user/loginForU`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: `{"account":"a@example.com","password":"x","zz":${deep}}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(0);
  });

  it('never shows staff a password-reset code in the outbox', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const reset = await api(http.server.baseUrl, { lang: 'en' }).post('/api/notify/send_email', {
      to: u.account,
      type: 2,
    });
    expect(reset.code, reset.msg).toBe(1);
    const rows = (await runAs(http.server.ctx, outboxShow, { to: u.account }, TEST_OPERATOR)) as OutboxRow[];
    expect(rows[0]?.body).toBe('(a password-reset code: only the account’s owner may read it)');
    expect(rows[1]?.body).toMatch(/\b\d{6}\b/); // the registration's code is no account's yet: it stays readable
  });
});

describe('through SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;

  it('prints the account’s anti-phishing phrase in the password-reset code’s e-mail', async () => {
    sink = await startSmtpSink();
    const clock = manualClock();
    server = await startTestServer({
      clock,
      delivery: { smtp: { url: sink.url, from: '"Tickwise" <no-reply@tickwise.test>' } },
    });
    try {
      const account = `phrase-${process.pid}@example.com`;
      const client = api(server.baseUrl, { lang: 'en' });
      const sent = await client.post<{ key: string }>('/api/notify/send_email', { to: account, type: 1 });
      await until(() => sink.received.some((m) => m.to.includes(account)), { what: 'the registration code' });
      const code = /\b(\d{6})\b/.exec(sink.received.find((m) => m.to.includes(account))?.text ?? '')?.[1] ?? '';
      const reg = await client.post<{ token: string }>('/api/user/register', {
        type: 'email',
        account,
        password: 'phrase-pass-1',
        re_password: 'phrase-pass-1',
        sms_code: code,
        key: sent.data.key,
      });
      expect(reg.code, reg.msg).toBe(1);
      const user = client.withToken(reg.data.token);
      expect((await user.post('/v1/api/notices/settings', { phrase: 'blue harbour 42' })).code).toBe(1);
      clock.advance(61_000); // past the 60 s resend wait
      const before = sink.received.length;
      const reset = await api(server.baseUrl, { lang: 'en' }).post('/api/notify/send_email', {
        to: account,
        type: 2,
      });
      expect(reset.code, reset.msg).toBe(1);
      await until(() => sink.received.length > before, { what: 'the reset code' });
      const mail = sink.received.at(-1);
      expect(mail?.text).toContain('blue harbour 42');
      expect(mail?.html).toContain('blue harbour 42');
    } finally {
      await server.close();
      await sink.close();
    }
  });
});
