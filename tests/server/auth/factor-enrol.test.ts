// Turning the second factor on against a stolen session (docs/security.md "Second factor"), on both databases: it
// needs the account's password, it holds withdrawals for 24 h as turning it off does, the owner is told on every
// channel with a "this wasn't me" link whose token freezes withdrawals, ends every session and removes the factor
// (once); and a withdrawal refused for a short balance spends no recovery code.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../domain/time.ts';
import type { FactorSetup, RecoveryCodes, SecurityOverview } from '../../../domain/security-types.ts';
import type { WithdrawCurrency, WithdrawMethod } from '../../../domain/wallet-types.ts';
import { totpCode } from '../../../server/auth/second-factor.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { userUnfreeze } from '../../../server/ops/commands/users.ts';
import { runAs } from '../../../server/ops/run.ts';
import type { Message } from '../../../server/core/services.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import {
  api,
  manualClock,
  registerAndLogin,
  TEST_OPERATOR,
  useTestServer,
  type RegisteredUser,
  type TestServer,
} from '../support/harness.ts';
import { leaveInOutbox } from '../../../server/notify/outbox-repository.ts';
import { messageText } from '../../../server/notify/message-text.ts';

const clock = manualClock();
const sent: Message[] = [];
let started: TestServer | undefined;
const http = useTestServer({
  clock,
  market: { manual: true },
  notifier: {
    // Kept for the test to read, and left in the outbox as without a gateway (registration reads its code there).
    async send(m) {
      sent.push(m);
      started ??= http.server;
      await leaveInOutbox(started.ctx.db, m.channel, m.to, messageText(m), clock.now());
    },
  },
});
const next = () => clock.advance(30_000);

async function turnOn(u: RegisteredUser): Promise<{ secret: string; codes: string[] }> {
  const begun = await u.client.post<FactorSetup>('/api/security/factor/begin', { password: u.password });
  expect(begun.code, begun.msg).toBe(1);
  const on = await u.client.post<RecoveryCodes>('/api/security/factor/confirm', {
    code: totpCode(begun.data.secret, clock.now()),
  });
  expect(on.code, on.msg).toBe(1);
  return { secret: begun.data.secret, codes: on.data.recovery_codes };
}

describe('turning the second factor on', () => {
  it('needs the account’s password: a stolen session alone enrols nothing', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const none = await u.client.post<FactorSetup>('/api/security/factor/begin', {});
    expect(none.code).toBe(0);
    const wrong = await u.client.post<FactorSetup>('/api/security/factor/begin', { password: 'not-the-password' });
    expect([wrong.code, wrong.msg]).toEqual([0, 'The password is wrong']);
    const rows = await http.server.ctx.db.query('SELECT 1 FROM second_factors WHERE owner_id = $1', [u.user.id]);
    expect(rows).toHaveLength(0);
  });

  it('holds withdrawals 24 h and tells the owner on every channel, with a "this wasn’t me" link', async () => {
    const u = await registerAndLogin(http.server, { clock });
    await http.server.ctx.db.query("UPDATE users SET mobile = '91234567', area_id = 1 WHERE id = $1", [u.user.id]);
    await turnOn(u);
    const view = await u.client.get<SecurityOverview>('/api/security/overview');
    expect(view.data.withdrawals_held_until).toBe(clock.now() + DAY_MS);
    const told = sent.filter((m) => m.userId === u.user.id && m.kind === 'second_factor_on');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(String(told[0]?.values.link)).toMatch(/^http:\/\/localhost:8080\/#\/not-me\?t=[\w-]{32}$/);
  });

  it('"this wasn’t me" freezes withdrawals, ends every session and removes the factor, once', async () => {
    const u = await registerAndLogin(http.server, { clock });
    await turnOn(u);
    const told = sent.filter((m) => m.userId === u.user.id && m.kind === 'second_factor_on');
    const link = String(told.at(-1)?.values.link);
    const token = new URL(link.replace('/#/', '/')).searchParams.get('t') ?? '';
    const anonymous = api(http.server.baseUrl, { lang: 'en' });
    const done = await anonymous.post('/api/notify/not_me', { token });
    expect([done.code, done.msg]).toEqual([1, 'Withdrawals are frozen and every session is signed out']);
    expect((await u.client.get('/api/security/overview')).code).toBe(999);
    const again = await anonymous.post('/api/notify/not_me', { token });
    expect(again.msg).toBe('This link has been used already or has expired');
    // The owner signs in with the password alone (the thief's factor is gone) and cannot withdraw until staff lift it.
    const back = await anonymous.post<{ token: string }>('/api/user/loginForU', {
      account: u.account,
      password: u.password,
      login_type: 'email',
    });
    expect(back.code, back.msg).toBe(1);
    const owner = anonymous.withToken(back.data.token);
    const form = { draw_currency_id: 1, number: '10', draw_method_id: 1, code: '123456', key: 'x' };
    expect((await owner.post('/api/account/draw', form)).msg).toBe(
      'Withdrawals are frozen at your request: contact support to lift the freeze',
    );
    expect(await runAs(http.server.ctx, userUnfreeze, { user: u.account }, TEST_OPERATOR)).toMatchObject({
      lifted: true,
    });
  });
});

describe('a withdrawal refused for another reason', () => {
  it('spends no recovery code (a short balance)', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const ctx = http.server.ctx;
    await move(ctx.db, u.user.id, { balance: '20', type: RecordType.MEMO, memo: 'test', at: clock.now() });
    const { codes } = await turnOn(u);
    await setSetting(ctx.db, 'payout_hold_hours', '0');
    const [coin] = (await u.client.get<WithdrawCurrency[]>('/api/account/draw_symbol_list', { type: 1 })).data;
    next();
    await u.client.post('/api/wallet/bind_draw_method', {
      type: 1,
      draw_id: coin?.id,
      dc_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      code: codes[0],
    });
    await setSetting(ctx.db, 'payout_hold_hours', '24');
    clock.advance(DAY_MS + 1000); // the hold of turning the factor on
    const [method] = (await u.client.get<WithdrawMethod[]>('/api/wallet/get_draw_method', { draw_type: 1 })).data;
    const form = { draw_currency_id: coin?.id, draw_method_id: method?.id, code: codes[1] };
    const short = await u.client.post('/api/account/draw', { ...form, number: '500' });
    expect(short.msg).toMatch(/balance/i);
    const left = async () => (await u.client.get<SecurityOverview>('/api/security/overview')).data.recovery_left;
    expect(await left()).toBe(9); // codes[0] went on the payout method; codes[1] is still there
    expect((await u.client.post('/api/account/draw', { ...form, number: '10' })).code).toBe(1);
    expect(await left()).toBe(8);
  });
});
