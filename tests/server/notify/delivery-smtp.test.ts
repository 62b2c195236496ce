// E-mail over SMTP (docs/notifications.md "E-mail"): a real SMTP server started here (the `smtp-server` package,
// STARTTLS and a login) receives the registration code; the test reads the delivered message, both its parts, takes
// the code from it and finishes the registration. The outbox plays no part. Also: the in-app notice list, the
// anti-phishing phrase in the e-mail, the operator's view of the queue (never a body or a code), the code's delivery
// state, a request answering at once while the SMTP server hangs, and a log that never holds the code.
import { Writable } from 'node:stream';
import { createServer, type Server, type Socket } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import { OPS_COMMANDS } from '../../../server/ops/commands/index.ts';
import { notifyAccount } from '../../../server/notify/account-notices.ts';
import { freePort } from '../../fixtures/free-port.ts';
import { codeIn, SINK_PASS, SINK_USER, startSmtpSink, type SmtpSink } from '../../fixtures/smtp-sink.ts';
import { until } from '../../fixtures/until.ts';
import { api, opsCommand, startTestServer, type TestServer } from '../support/harness.ts';

const FROM = '"Tickwise" <no-reply@tickwise.test>';
let sink: SmtpSink;
let server: TestServer;
const logged: string[] = [];
const deliveries = opsCommand(OPS_COMMANDS, () => server, 'deliveries');

beforeAll(async () => {
  sink = await startSmtpSink();
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({
    log: pino({ level: 'debug' }, out),
    delivery: { smtp: { url: sink.url, from: FROM } },
  });
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

const mailTo = async (to: string, n = 1) => {
  await until(() => sink.received.filter((m) => m.to.includes(to)).length >= n, { what: `mail to ${to}`, stepMs: 10 });
  return sink.received.filter((m) => m.to.includes(to))[n - 1]!;
};

describe('registration by e-mail through SMTP', () => {
  const account = `smtp-${process.pid}@example.com`;
  const password = 'smtp-pass-1';
  let token = '';

  it('sends the code through the SMTP server (STARTTLS, login), both parts, and the code finishes the registration', async () => {
    const client = api(server.baseUrl, { lang: 'de' });
    const sent = await client.post<{ key: string }>('/api/notify/send_email', { to: account, type: 1 });
    expect(sent.code, sent.msg).toBe(1);
    const mail = await mailTo(account);
    expect(mail.secure).toBe(true); // upgraded with STARTTLS before the login and the data
    expect(mail.user).toBe(SINK_USER);
    expect(mail.subject).toBe('Tickwise: Ihr Bestätigungscode');
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@tickwise\.test>$/);
    const code = codeIn(mail.text);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.text).toContain('Bestätigungscode');
    // The outbox plays no part: nothing was left there for this address.
    const outbox = await server.ctx.db.query('SELECT id FROM outbox WHERE recipient = $1', [account]);
    expect(outbox).toEqual([]);
    // The requester's key reads the delivery's state: sent. The sink has the mail once the SMTP server accepted it,
    // but the sender records `sent` only after that answer, so the state may still read pending for a moment: wait
    // while it is pending, then it must be sent (failed is a terminal state and fails the test).
    let state = '';
    await until(
      async () => {
        const answer = await client.post<{ state: string }>('/api/notify/code_state', { key: sent.data.key });
        state = answer.data.state;
        return state !== 'pending';
      },
      { what: 'the delivery leaving pending', stepMs: 10 },
    );
    expect(state).toBe('sent');

    const reg = await client.post('/api/user/register', {
      type: 'email',
      account,
      password,
      re_password: password,
      sms_code: code,
      key: sent.data.key,
    });
    expect(reg.code, reg.msg).toBe(1);
    const login = await client.post<LoginResult>('/api/user/loginForU', { account, password, login_type: 'email' });
    expect(login.code, login.msg).toBe(1);
    token = login.data.token;
  });

  it('shows the operator the message: sent by smtp with the server queue id, never its body or code', async () => {
    const rows = (await deliveries({ to: account })) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      kind: 'verification_code',
      channel: 'email',
      state: 'sent',
      attempts: 1,
      provider: 'smtp',
    });
    expect(String(row.provider_id)).toMatch(/^SINK\d+$/);
    expect(row.last_error).toBeNull();
    const mail = await mailTo(account);
    const code = codeIn(mail.text);
    expect(JSON.stringify(rows)).not.toContain(code);
    // The row itself no longer holds the values.
    const raw = await server.ctx.db.query<{ payload: string | null }>(
      'SELECT payload FROM deliveries WHERE recipient = $1',
      [account],
    );
    expect(raw[0]?.payload).toBeNull();
  });

  it('prints the anti-phishing phrase in a notice, and lists the notice in the app once', async () => {
    const user = api(server.baseUrl, { lang: 'en', token });
    const bad = await user.post('/v1/api/notices/settings', { phrase: '<b>x</b>' });
    expect(bad.code).not.toBe(1);
    expect(bad.msg).toBe('The phrase must be 4 to 32 letters, digits or spaces.');
    const set = await user.post<{ phrase: string }>('/v1/api/notices/settings', { phrase: '  blue   harbour 42 ' });
    expect(set.data.phrase).toBe('blue harbour 42');
    expect((await user.get<{ phrase: string }>('/v1/api/notices/settings')).data.phrase).toBe('blue harbour 42');

    const me = await server.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [account]);
    const userId = me[0]!.id;
    // Registered in German; the language picked in the app's settings is the one its notices are written in.
    expect((await user.post('/v1/api/notices/language', { lang: 'en' })).code).toBe(1);
    await notifyAccount(server.ctx, userId, 'password_changed', { time: '2026-11-25T09:30:00Z' }, 'en');
    const mail = await mailTo(account, 2);
    expect(mail.subject).toBe('Tickwise: Your password was changed');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Your anti-phishing phrase: blue harbour 42');
      expect(part).toContain('2026-11-25 09:30 UTC');
    }

    const list = await user.get<{
      data: Array<{ id: number; title: string; text: string; read: boolean }>;
      total: number;
      unread: number;
    }>('/v1/api/notices/list');
    expect(list.data.total).toBe(1);
    expect(list.data.unread).toBe(1);
    expect(list.data.data[0]).toMatchObject({ title: 'Your password was changed', read: false });
    // Another language reads the same notice in its own words.
    const fr = await user.withLang('fr').get<{ data: Array<{ title: string }> }>('/v1/api/notices/list');
    expect(fr.data.data[0]?.title).toBe('Votre mot de passe a été modifié');
    const read = await user.post<{ unread: number }>('/v1/api/notices/read', { id: list.data.data[0]!.id });
    expect(read.data.unread).toBe(0);
  });

  it('refuses the notice list to a demo user with the real-account message', async () => {
    const client = api(server.baseUrl, { lang: 'en' });
    const demo = await client.get<LoginResult>('/api/user/createAccountDemoForU', {
      demo_id: `smtp-demo-${process.pid}`,
    });
    const list = await client.withToken(demo.data.token).get('/v1/api/notices/list');
    expect(list.code).not.toBe(1);
    expect(list.msg).toMatch(/real account/i);
  });

  it('never logs the code or the SMTP password', async () => {
    const mail = await mailTo(account);
    const code = codeIn(mail.text);
    const log = logged.join('');
    expect(log).toContain('message sent'); // the log does say a message went out
    expect(log).not.toContain(code);
    expect(log).not.toContain(SINK_PASS);
    expect(log).not.toContain('blue harbour');
  });
});

describe('an SMTP server that hangs', () => {
  let hung: Server;
  let hungServer: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const port = await freePort();
    // Accepts the connection and never greets: an attempt can only end by its own timeout.
    hung = createServer((s) => {
      sockets.push(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => hung.listen(port, '127.0.0.1', () => r()));
    hungServer = await startTestServer({ delivery: { smtp: { url: `smtp://127.0.0.1:${port}`, from: FROM } } });
  });
  afterAll(async () => {
    await hungServer?.close();
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => hung.close(() => r()));
  });

  it('does not hold the request: the code-send answers while the message waits in the queue', async () => {
    const client = api(hungServer.baseUrl, { lang: 'en' });
    const to = `hung-${process.pid}@example.com`;
    const sent = await client.post<{ key: string }>('/api/notify/send_email', { to, type: 1 });
    expect(sent.code, sent.msg).toBe(1);
    // The sender is inside its attempt (connected, waiting for a greeting that never comes).
    await until(() => sockets.length > 0, { what: 'the sender connecting' });
    const rows = await hungServer.ctx.db.query<{ state: string }>('SELECT state FROM deliveries WHERE recipient = $1', [
      to,
    ]);
    expect(rows[0]?.state).toBe('sending');
    const state = await client.post<{ state: string }>('/api/notify/code_state', { key: sent.data.key });
    expect(state.data.state).toBe('pending');
  });
});
