// The four-eyes gate (docs/back-office.md "Four eyes"), on both databases: every command that declares it moves
// money waits for a second, seasoned finance member at the threshold (a table of them, checked against the command
// list by declared effect), a command that moves money without declaring it is refused by the runner, the
// threshold is inclusive and counts one member's lone movements to one account over 24 h (parallel ones too, under the
// account's row lock), and the second approver is
// never the first, never break-glass and never a member created or reset in the last 24 h.
import sharp from 'sharp';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DAY_MS } from '../../../domain/time.ts';
import type { CoinNetwork, ChargeRecord } from '../../../domain/wallet-types.ts';
import type { Paged } from '../../../domain/content-types.ts';
import { movesMoney, type OpsCommand } from '../../../server/ops/command.ts';
import { OPS_COMMANDS } from '../../../server/ops/commands/index.ts';
import { runAs } from '../../../server/ops/run.ts';
import { creditAccount } from '../../../server/wallet/deposit-review.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import {
  manualClock,
  refusalKey,
  registerAndLogin,
  TEST_OPERATOR,
  useTestServer,
  type RegisteredUser,
} from '../support/harness.ts';
import { createStaff, postJson, seasonedStaff, signIn, type SignedInStaff } from '../support/staff-helpers.ts';
import { noPayoutHold, withdrawCode } from '../support/withdraw-code.ts';

const clock = manualClock();
const http = useTestServer({ clock, market: { manual: true } });
const ctx = () => http.server.ctx;
const step = () => clock.advance(30_000);

const threshold = (value: string) => setSetting(ctx().db, 'four_eyes.USD', value);

async function money(user: RegisteredUser): Promise<{ balance: string; lock: string }> {
  const [row] = await ctx().db.query<{ balance: string; lock: string }>(
    'SELECT balance::text, lock_balance::text AS lock FROM accounts WHERE user_id = $1',
    [user.user.id],
  );
  return { balance: Number(row?.balance).toFixed(2), lock: Number(row?.lock).toFixed(2) };
}

/** A coin deposit of `number` waiting for review; answers its id. */
async function chargeWaiting(user: RegisteredUser, number: string): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
  const proof = await user.client.upload<{ url: string }>('/api/common/image_upload', {
    file: new Blob([new Uint8Array(png)]),
  });
  const nets = (await user.client.get<CoinNetwork[]>('/api/quickCharge/info')).data;
  const usdt = nets.find((n) => n.currency_code === 'USDT') ?? nets[0];
  await user.client.get('/api/quickCharge/submit', {
    number,
    proofImg: proof.data.url,
    address: usdt?.address ?? '',
    charge_id: usdt?.id ?? 0,
  });
  const page = await user.client.get<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type: 0, page: 1 });
  return String(page.data.data[0]?.id);
}

/** A pending withdrawal of `number` USD (the account is credited first, as break-glass below any threshold). */
async function withdrawalWaiting(user: RegisteredUser, number: string): Promise<string> {
  await creditAccount(ctx().db, user.user.id, number, 'test funds', clock.now());
  await noPayoutHold(ctx());
  const coins = (
    await user.client.get<Array<{ id: number; code: string; protocol: string }>>('/api/account/draw_symbol_list', {
      type: 1,
    })
  ).data;
  const trc = coins.find((c) => c.code === 'USDT' && c.protocol === 'TRC20');
  await user.client.post('/api/wallet/bind_draw_method', {
    type: 1,
    draw_id: trc?.id,
    dc_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  });
  const methods = (
    await user.client.get<Array<{ id: number }>>('/api/wallet/get_draw_method', {
      draw_type: 1,
      draw_id: trc?.id,
    })
  ).data;
  const drawn = await user.client.post('/api/account/draw', {
    ...(await withdrawCode(ctx(), user.account)),
    draw_currency_id: trc?.id,
    number,
    memo: '',
    draw_method_id: methods[0]?.id,
  });
  if (drawn.code !== 1) throw new Error(drawn.msg);
  const [w] = await ctx().db.query<{ id: string }>(
    'SELECT id FROM withdrawals WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [user.user.id],
  );
  return String(w?.id);
}

interface Scenario {
  /** Sets up the item and answers the command's parameters; `usd` is what it moves. */
  ask(user: RegisteredUser, usd: string): Promise<Record<string, string>>;
  /** The account after the movement, from `before`. */
  moved(before: { balance: string; lock: string }, usd: string): { balance: string; lock: string };
}

const plus = (a: string, b: string) => (Number(a) + Number(b)).toFixed(2);
const minus = (a: string, b: string) => (Number(a) - Number(b)).toFixed(2);

/** Every command that moves money: a new one fails the enumeration below until it has a line here. */
const MOVING: Record<string, Scenario> = {
  'charge-approve': {
    ask: async (u, usd) => ({ id: await chargeWaiting(u, '1'), amount: usd }),
    moved: (b, usd) => ({ ...b, balance: plus(b.balance, usd) }),
  },
  'user-credit': {
    ask: async (u, usd) => ({ user: u.account, amount: usd, memo: 'four eyes' }),
    moved: (b, usd) => ({ ...b, balance: plus(b.balance, usd) }),
  },
  'withdraw-paid': {
    ask: async (u, usd) => ({ id: await withdrawalWaiting(u, usd) }),
    moved: (b, usd) => ({ ...b, lock: minus(b.lock, usd) }),
  },
  // approval-give gives the second approval to any of the above: the test runs it for each of them.
  'approval-give': {
    ask: async (u, usd) => ({ user: u.account, amount: usd }),
    moved: (b, usd) => ({ ...b, balance: plus(b.balance, usd) }),
  },
};

let a: SignedInStaff;
let b: SignedInStaff;
beforeAll(async () => {
  a = await seasonedStaff(http.server, 'finance', clock);
  step();
  b = await signIn(http.server, await createStaff(http.server, 'finance'), clock);
  clock.advance(DAY_MS + 60_000); // b's credentials come of age; a signs in again below
  step();
  b = await signIn(http.server, b, clock);
  step();
  a = await signIn(http.server, a, clock);
});

describe('the commands that move money', () => {
  it('are exactly the table’s, by their declared effect; the others that touch the ledger declare theirs', () => {
    expect(
      OPS_COMMANDS.filter(movesMoney)
        .map((c) => c.name)
        .sort(),
    ).toEqual(Object.keys(MOVING).sort());
    const touching = OPS_COMMANDS.filter((c) => c.money !== undefined && !movesMoney(c));
    expect(touching.map((c) => [c.name, c.money])).toEqual([
      ['withdraw-reject', 'returns'],
      ['fund-run', 'due'],
      ['copy-reconcile', 'due'],
    ]);
  });

  for (const name of Object.keys(MOVING)) {
    it(`${name}: at the threshold the first member moves nothing, another seasoned member's approval moves it`, async () => {
      await threshold('100');
      onTestFinished(() => threshold('10000'));
      const user = await registerAndLogin(http.server);
      const command = name === 'approval-give' ? 'user-credit' : name;
      const args = await MOVING[name]?.ask(user, '100.00');
      const before = await money(user);
      const first = await a.run<{ waiting_for_second_approval: number }>(command, args);
      expect(first.data.waiting_for_second_approval, first.msg).toBeGreaterThan(0);
      expect(await money(user)).toEqual(before);
      const listed = await b.run<Array<{ id: number; kind: string }>>('approval-list');
      expect(listed.data.find((r) => r.id === first.data.waiting_for_second_approval)?.kind).toBe(command);
      const again = await a.run('approval-give', { id: String(first.data.waiting_for_second_approval) });
      expect(again.msg).toBe('You gave the first approval: another finance member must give the second');
      const second = await b.run('approval-give', { id: String(first.data.waiting_for_second_approval) });
      expect(second.code, second.msg).toBe(1);
      expect(await money(user)).toEqual(MOVING[name]?.moved(before, '100.00'));
    });
  }

  it('refuses, and rolls back, a command that moves money without declaring it', async () => {
    const user = await registerAndLogin(http.server);
    const sneaky: OpsCommand = {
      name: 'test-sneaky-credit',
      right: 'credits',
      summary: 'test',
      params: [],
      run: (c) => creditAccount(c.db, user.user.id, '5', 'undeclared', c.clock.now()),
    };
    expect(await refusalKey(runAs(ctx(), sneaky, {}, TEST_OPERATOR))).toMatch(/did not declare/);
    // Outside the audit row's transaction (a backup's way) it is refused before the movement is written.
    const outside: OpsCommand = { ...sneaky, name: 'test-sneaky-outside', outsideTransaction: true };
    expect(await refusalKey(runAs(ctx(), outside, {}, TEST_OPERATOR))).toMatch(/did not declare/);
    const skew: OpsCommand = {
      name: 'test-skew-credit',
      right: 'credits',
      money: 'moves',
      summary: 'test',
      params: [],
      movement: async () => ({ userId: user.user.id, usd: '1.00', currency: 'USD', value: '1.00', summary: 'x' }),
      run: (c) => creditAccount(c.db, user.user.id, '2', 'more than gated', c.clock.now()),
    };
    expect(await refusalKey(runAs(ctx(), skew, {}, TEST_OPERATOR))).toMatch(/more than the gated/);
    expect(await money(user)).toEqual({ balance: '0.00', lock: '0.00' });
    const [row] = await ctx().db.query<{ after_value: string }>(
      "SELECT after_value FROM audit_log WHERE action = 'test-sneaky-credit' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(row?.after_value ?? 'null')).toEqual({ refused: 'internal' });
  });
});

describe('the attacks', () => {
  it('charge-approve --amount: one member cannot credit 2,500,000 on a 1 USDT deposit', async () => {
    const user = await registerAndLogin(http.server);
    const id = await chargeWaiting(user, '1');
    const asked = await a.run<{ waiting_for_second_approval: number }>('charge-approve', { id, amount: '2500000' });
    expect(asked.data.waiting_for_second_approval).toBeGreaterThan(0);
    expect(await money(user)).toEqual({ balance: '0.00', lock: '0.00' });
    // The second member must approve what waits, not another amount of their own.
    expect((await b.run('charge-approve', { id, amount: '3000000' })).msg).toBe(
      'Another request for this item waits for approval: approve it as it is (approval-give) or drop it',
    );
    expect((await b.run('charge-reject', { id, reason: 'a wire of 1 USDT' })).code).toBe(1);
    expect((await b.run('approval-list')).data).not.toContainEqual(
      expect.objectContaining({ id: asked.data.waiting_for_second_approval }),
    );
  });

  it('break-glass asks for no movement at the threshold (nothing waits, nothing moves); below it, it moves', async () => {
    await threshold('10000');
    const user = await registerAndLogin(http.server);
    const glass = (amount: string) =>
      postJson<{ credited?: string }>(
        http.server,
        '/api/ops/run/user-credit',
        { user: user.account, amount },
        { 'x-ops-token': http.server.opsToken },
      );
    expect((await glass('20000')).msg).toBe(
      'The break-glass token cannot ask for a movement that needs two approvals: a signed-in finance member must',
    );
    const waits = await ctx().db.query('SELECT id FROM second_approvals WHERE user_id = $1', [user.user.id]);
    expect(waits).toHaveLength(0);
    expect(await money(user)).toEqual({ balance: '0.00', lock: '0.00' });
    expect((await glass('100')).data.credited).toBe('100.00');
  });

  it('the threshold is inclusive: exactly 10,000 waits', async () => {
    await threshold('10000');
    const user = await registerAndLogin(http.server);
    const r = await a.run<{ waiting_for_second_approval?: number }>('user-credit', {
      user: user.account,
      amount: '10000',
    });
    expect(r.data.waiting_for_second_approval).toBeGreaterThan(0);
    expect((await money(user)).balance).toBe('0.00');
  });

  it('counts one member’s lone movements to one account over 24 h: pieces of 4,000 add up', async () => {
    const user = await registerAndLogin(http.server);
    const credit = (m: SignedInStaff) =>
      m.run<{ waiting_for_second_approval?: number; credited?: string }>('user-credit', {
        user: user.account,
        amount: '4000',
      });
    expect((await credit(a)).data.credited).toBe('4000.00');
    expect((await credit(a)).data.credited).toBe('4000.00');
    expect((await credit(a)).data.waiting_for_second_approval).toBeGreaterThan(0); // 12,000 with this one
    expect((await credit(b)).data.credited).toBe('4000.00'); // another member's own day
    const other = await registerAndLogin(http.server);
    expect(
      (await a.run<{ credited?: string }>('user-credit', { user: other.account, amount: '4000' })).data.credited,
    ).toBe('4000.00'); // another account
    clock.advance(DAY_MS);
    step();
    a = await signIn(http.server, a, clock);
    step();
    b = await signIn(http.server, b, clock);
    expect((await credit(a)).data.credited).toBe('4000.00'); // a new day
    expect((await money(user)).balance).toBe('16000.00');
  });

  it('counts pieces sent at once: of five parallel credits of 4,000, two go through alone', async () => {
    const user = await registerAndLogin(http.server);
    const runs = await Promise.all(
      Array.from({ length: 5 }, () =>
        a.run<{ waiting_for_second_approval?: number; credited?: string }>('user-credit', {
          user: user.account,
          amount: '4000',
        }),
      ),
    );
    expect(runs.filter((r) => r.data.credited === '4000.00')).toHaveLength(2);
    expect(runs.filter((r) => (r.data.waiting_for_second_approval ?? 0) > 0)).toHaveLength(3);
    expect((await money(user)).balance).toBe('8000.00');
  });
});

describe('the second approver', () => {
  it('is never break-glass, and never a member created or reset in the last 24 h', async () => {
    const user = await registerAndLogin(http.server);
    const asked = await a.run<{ waiting_for_second_approval: number }>('user-credit', {
      user: user.account,
      amount: '20000',
    });
    const id = String(asked.data.waiting_for_second_approval);
    const glass = await postJson(
      http.server,
      '/api/ops/run/approval-give',
      { id },
      { 'x-ops-token': http.server.opsToken },
    );
    expect(glass.msg).toBe('The break-glass token cannot give a second approval: a signed-in finance member must');
    step();
    const fresh = await signIn(http.server, await createStaff(http.server, 'finance'), clock);
    expect((await fresh.run('approval-give', { id })).msg).toBe(
      'Your credentials were made or reset less than 24 hours ago: you cannot give a second approval yet',
    );
    // A reset makes a seasoned member new again.
    step();
    const admin = await signIn(http.server, await createStaff(http.server, 'admin'), clock);
    const reset = await admin.run<{ first_password: string }>('staff-reset', { login: b.login });
    step();
    const resetB = await signIn(http.server, { login: b.login, password: reset.data.first_password }, clock);
    expect((await resetB.run('approval-give', { id })).msg).toBe(
      'Your credentials were made or reset less than 24 hours ago: you cannot give a second approval yet',
    );
    expect((await money(user)).balance).toBe('0.00');
    // Every refused try is on record.
    const rows = await ctx().db.query<{ actor: string; after_value: string }>(
      "SELECT actor, after_value FROM audit_log WHERE action = 'approval-give' ORDER BY id DESC LIMIT 3",
    );
    expect(rows.map((r) => JSON.parse(r.after_value) as unknown)).toEqual([
      { refused: 'staff.four_eyes_new_member' },
      { refused: 'staff.four_eyes_new_member' },
      { refused: 'staff.four_eyes_break_glass' },
    ]);
    b = resetB;
  });
});
