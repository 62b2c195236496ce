// Withdrawals and payout methods on the real server (PGlite or PostgreSQL per TEST_DB): binding addresses with
// their checksums and bank accounts, the owner-only rules, requests that freeze their amount, the fee per docs/contract.md §5,
// operator payment and rejection, and the ledger after every step; every refusal writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawCurrency, WithdrawMethod, WithdrawRecord } from '../../../domain/wallet-types.ts';
import type { Paged } from '../../../domain/content-types.ts';
import type { Balance } from '../../../domain/types.ts';
import { userCredit } from '../../../server/ops/commands/deposits.ts';
import { WITHDRAW_COMMANDS } from '../../../server/ops/commands/withdrawals.ts';
import {
  api,
  countRows,
  demoClient,
  opsCommand,
  refusalKey,
  registerAndLogin,
  startTestServer,
  TEST_OPERATOR,
  type RegisteredUser,
  type TestServer,
} from '../support/harness.ts';
import { noPayoutHold, withdrawCode } from '../support/withdraw-code.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { barrier, Client, isType } from '../support/ws-client.ts';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_BAD = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BANK = {
  bank_name: 'Harbour City Bank',
  bank_address: '88 Queensway',
  bank_swift: 'HCBKHKHH',
  payee_name: 'Alice Chan',
  payee_account: '012-345678-001',
};
const TABLES = ['payout_methods', 'withdrawals', 'financial_records'];

let server: TestServer;
let alice: RegisteredUser;
let bob: RegisteredUser;
let coins: WithdrawCurrency[] = [];
let banks: WithdrawCurrency[] = [];

const cmd = (name: string) => opsCommand(WITHDRAW_COMMANDS, () => server, name);
const refusal = refusalKey;
/** Available and frozen (margin is checked by money-sequence.test.ts). */
const account = async (u: RegisteredUser) => {
  const { balance, lock_balance } = (await u.client.get<Balance>('/v1/api/main/wallet/getBalance')).data;
  return { balance, lock_balance };
};
const methods = async (u: RegisteredUser, type: 1 | 2) =>
  (await u.client.get<WithdrawMethod[]>('/api/wallet/get_draw_method', { draw_type: type })).data;
const records = async (u: RegisteredUser, type: 1 | 2) =>
  (await u.client.withLang('en').get<Paged<WithdrawRecord>>('/api/account/draw_list', { type, page: 1 })).data;
const usdtTrc = () => coins.find((c) => c.protocol === 'TRC20') as WithdrawCurrency;

/** lock_balance = the pending withdrawals' amounts (these users hold no orders). */
async function lockMatchesPending(u: RegisteredUser): Promise<boolean> {
  const rows = await server.ctx.db.query<{ pending: string | null; lock: string }>(
    `SELECT (SELECT sum(number) FROM withdrawals WHERE user_id = $1 AND status = 0)::text AS pending,
            (SELECT lock_balance FROM accounts WHERE user_id = $1)::text AS lock`,
    [u.user.id],
  );
  return Number(rows[0]?.pending ?? 0) === Number(rows[0]?.lock);
}

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  await noPayoutHold(server.ctx); // the holds and the code have their own tests (account-security.test.ts)
  alice = await registerAndLogin(server);
  bob = await registerAndLogin(server);
  await userCredit.run(server.ctx, { user: alice.account, amount: '1000' }, TEST_OPERATOR);
  await userCredit.run(server.ctx, { user: bob.account, amount: '50' }, TEST_OPERATOR);
  coins = (await alice.client.get<WithdrawCurrency[]>('/api/account/draw_symbol_list', { type: 1 })).data;
  banks = (await alice.client.get<WithdrawCurrency[]>('/api/account/draw_symbol_list', { type: 2 })).data;
});
afterAll(() => server.close());

describe('currencies and payout methods', () => {
  it('lists coin and bank currencies with their fee terms', () => {
    expect(coins.map((c) => `${c.code} ${c.protocol}`)).toEqual(['USDT TRC20', 'USDT ERC20', 'USDC ERC20']);
    expect(usdtTrc()).toEqual({
      id: expect.any(Number),
      code: 'USDT',
      protocol: 'TRC20',
      draw_rate: '1',
      fee_type: 1,
      usd_price: '1',
    });
    expect(banks.map((c) => c.code)).toEqual(['USD', 'HKD', 'EUR']);
  });

  it('binds a crypto address only with a valid checksum for its network, and a bank account with the §3 fields', async () => {
    const en = alice.client.withLang('en');
    const erc = coins.find((c) => c.code === 'USDT' && c.protocol === 'ERC20');
    const before = await countRows(server.ctx, TABLES);
    const bad: Array<[Record<string, string | number>, string]> = [
      [{ type: 1, draw_id: usdtTrc().id, dc_address: TRON_BAD }, 'This is not a valid TRC20 address'],
      [{ type: 1, draw_id: usdtTrc().id, dc_address: ETH }, 'This is not a valid TRC20 address'],
      [{ type: 1, draw_id: erc?.id ?? 0, dc_address: ETH.replace('a', 'A') }, 'This is not a valid ERC20 address'],
      [{ type: 1, draw_id: usdtTrc().id, dc_address: '' }, 'Please enter the TRC20 address to withdraw to'],
      [{ type: 1, draw_id: banks[0]?.id ?? 0, dc_address: TRON }, 'This withdrawal currency is not available'],
      [{ type: 1, draw_id: 9999, dc_address: TRON }, 'This withdrawal currency is not available'],
      [{ type: 2, draw_id: banks[0]?.id ?? 0, ...BANK, payee_name: '' }, 'Please complete'],
      [
        { type: 2, draw_id: banks[0]?.id ?? 0, ...BANK, bank_swift: 'HCB1' },
        'Please check SWIFT code: the value is not valid',
      ],
      [
        { type: 2, draw_id: banks[0]?.id ?? 0, ...BANK, payee_account: 'x' },
        'Please check Account number: the value is not valid',
      ],
      [{ type: 3, draw_id: 1 }, 'Something in this request is not valid. Please go back and try again.'],
      [
        { type: 'coin', draw_id: usdtTrc().id, dc_address: TRON },
        'Something in this request is not valid. Please go back and try again.',
      ],
      [{ type: 1, draw_id: 'abc', dc_address: TRON }, 'Please check Currency: the value is not valid'],
      [
        { type: 1, draw_id: usdtTrc().id, dc_address: `${TRON}${'1'.repeat(200)}` },
        'Please check Address: the value is not valid',
      ],
      [{ type: 1, draw_id: usdtTrc().id, dc_address: ` ${TRON.toLowerCase()} ` }, 'This is not a valid TRC20 address'],
      [{ type: 2, draw_id: usdtTrc().id, ...BANK }, 'This withdrawal currency is not available'],
    ];
    for (const [form, msg] of bad)
      expect((await en.post('/api/wallet/bind_draw_method', form)).msg, JSON.stringify(form)).toBe(msg);
    expect(await countRows(server.ctx, TABLES)).toEqual(before);

    expect(
      (await en.post('/api/wallet/bind_draw_method', { type: 1, draw_id: usdtTrc().id, dc_address: TRON })).msg,
    ).toBe('Saved');
    expect(
      (await en.post('/api/wallet/bind_draw_method', { type: 1, draw_id: erc?.id ?? 0, dc_address: ETH })).code,
    ).toBe(1);
    expect((await en.post('/api/wallet/bind_draw_method', { type: 2, draw_id: banks[0]?.id ?? 0, ...BANK })).code).toBe(
      1,
    );
    expect(
      (await en.post('/api/wallet/bind_draw_method', { type: 1, draw_id: usdtTrc().id, dc_address: TRON })).msg,
    ).toBe('This payout method is already saved');
    const mine = await methods(alice, 1);
    expect(mine.map((m) => [m.dc_address, m.draw_currency.protocol])).toEqual([
      [TRON, 'TRC20'],
      [ETH, 'ERC20'],
    ]);
    const onlyTrc = (
      await alice.client.get<WithdrawMethod[]>('/api/wallet/get_draw_method', { draw_type: 1, draw_id: usdtTrc().id })
    ).data;
    expect(onlyTrc).toHaveLength(1);
    expect((await methods(alice, 2))[0]).toMatchObject({ ...BANK, type: 2, draw_currency: { code: 'USD' } });
    expect(await methods(bob, 1)).toEqual([]);
  });

  it('deletes only one’s own method', async () => {
    const [, eth] = await methods(alice, 1);
    const before = await countRows(server.ctx, TABLES);
    const foreign = await bob.client.withLang('en').post('/api/wallet/del_draw_method', { id: eth?.id ?? 0 });
    expect(foreign.msg).toBe('This payout method was not found');
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
    expect((await alice.client.withLang('en').post('/api/wallet/del_draw_method', { id: eth?.id ?? 0 })).msg).toBe(
      'Deleted',
    );
    expect(await methods(alice, 1)).toHaveLength(1);
  });

  it('is closed to demo users and visitors on every endpoint', async () => {
    const d = await demoClient(server, 'withdraw-demo-1');
    const before = await countRows(server.ctx, TABLES);
    const gets: Array<[string, Record<string, number>]> = [
      ['/api/account/draw_symbol_list', { type: 1 }],
      ['/api/account/draw_list', { type: 1 }],
      ['/api/wallet/get_draw_method', { draw_type: 1 }],
    ];
    for (const [path, q] of gets) {
      expect((await d.get(path, q)).msg, path).toBe('Please register or log in to a real account');
      expect((await api(server.baseUrl).get(path, q)).code, path).toBe(999);
    }
    const posts: Array<[string, Record<string, string | number>]> = [
      ['/api/account/draw', { draw_currency_id: usdtTrc().id, number: '10', draw_method_id: 1 }],
      ['/api/wallet/bind_draw_method', { type: 1, draw_id: usdtTrc().id, dc_address: TRON }],
      ['/api/wallet/del_draw_method', { id: 1 }],
    ];
    for (const [path, form] of posts) {
      expect((await d.post(path, form)).msg, path).toBe('Please register or log in to a real account');
      expect((await api(server.baseUrl).post(path, form)).code, path).toBe(999);
    }
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
  });
});

describe('withdrawal requests', () => {
  it('refuses bad requests clearly and writes nothing', async () => {
    const en = alice.client.withLang('en');
    const [trc] = await methods(alice, 1);
    const [bank] = await methods(alice, 2);
    const [bobs] = await Promise.all([
      bob.client
        .post('/api/wallet/bind_draw_method', { type: 1, draw_id: usdtTrc().id, dc_address: TRON })
        .then(() => methods(bob, 1)),
    ]);
    const good = { draw_currency_id: usdtTrc().id, number: '100', memo: 'rent', draw_method_id: trc?.id ?? 0 };
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ ...good, draw_method_id: '' }, 'Please check Payout method: the value is not valid'],
      [{ draw_currency_id: usdtTrc().id, number: '100' }, 'Please set up a collection account first'],
      [{ ...good, draw_method_id: bobs?.[0]?.id ?? 0 }, 'This payout method was not found'],
      [{ ...good, draw_method_id: bank?.id ?? 0 }, 'This payout method was not found'],
      [{ ...good, draw_currency_id: 9999 }, 'This withdrawal currency is not available'],
      [{ ...good, number: '' }, 'Please enter an amount greater than 0'],
      [{ ...good, number: '-100' }, 'Please enter an amount greater than 0'],
      [{ ...good, number: 'NaN' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ ...good, number: '10.001' }, 'The amount can have at most 2 decimals'],
      [{ ...good, number: '1e9' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ ...good, number: '0' }, 'Please enter an amount greater than 0'],
      [{ ...good, number: '0.00' }, 'Please enter an amount greater than 0'],
      [{ ...good, number: 'Infinity' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ ...good, number: '1,000' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ ...good, number: '99999999999' }, 'The amount can be at most 10000000'],
      [{ ...good, draw_currency_id: 'abc' }, 'Please check Currency: the value is not valid'],
      [{ ...good, draw_currency_id: -1 }, 'Please check Currency: the value is not valid'],
      [{ ...good, draw_method_id: 1.5 }, 'Please check Payout method: the value is not valid'],
      [{ ...good, number: '1' }, 'The amount must be more than the fee of 1.00 USD'],
      [{ ...good, number: '1000.01', ...(await withdrawCode(server.ctx, alice.account)) }, 'Insufficient balance'],
      [{ ...good, memo: 'x'.repeat(201) }, 'Please check Remark: the value is not valid'],
    ];
    const before = await countRows(server.ctx, TABLES);
    const money = await account(alice);
    for (const [form, msg] of cases)
      expect((await en.post('/api/account/draw', form)).msg, JSON.stringify(form)).toBe(msg);
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
    expect(await account(alice)).toEqual(money);
  });

  it('freezes the amount with its record and lists the request with fee and received amount', async () => {
    const [trc] = await methods(alice, 1);
    const res = await alice.client.withLang('en').post('/api/account/draw', {
      ...(await withdrawCode(server.ctx, alice.account)),
      draw_currency_id: usdtTrc().id,
      number: '100.5',
      memo: 'rent',
      draw_method_id: trc?.id ?? 0,
    });
    expect(res.msg).toBe('Withdrawal submitted, the amount is frozen until it is paid');
    expect(await account(alice)).toEqual({ balance: '899.50', lock_balance: '100.50' });
    // Frozen, but not margin: no order is open, so there is no risk rate (tests/server/wallet/withdraw-margin.test.ts).
    const detail = (await alice.client.get<Record<string, unknown>>('/v1/api/main/account/forexDetail')).data;
    expect(detail).toMatchObject({
      balance: '899.50',
      lock_balance: '100.50',
      margin: '0.00',
      equity: '899.500000',
      risk_rate: null,
    });
    const list = await records(alice, 1);
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      number: '100.50',
      fee: '1.00',
      real_number: '99.50',
      status: 0,
      status_name: 'Pending',
      type: 1,
      address: TRON,
      notes: 'rent',
      draw_currency: { code: 'USDT', protocol: 'TRC20' },
    });
    expect(await lockMatchesPending(alice)).toBe(true);
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('charges a rate-based fee to the cent on a bank withdrawal in another currency', async () => {
    const hkd = banks.find((b) => b.code === 'HKD');
    await alice.client.post('/api/wallet/bind_draw_method', {
      type: 2,
      draw_id: hkd?.id ?? 0,
      ...BANK,
      payee_account: '012-345678-002',
    });
    const method = (await methods(alice, 2)).find((m) => m.draw_currency.code === 'HKD');
    await alice.client.post('/api/account/draw', {
      ...(await withdrawCode(server.ctx, alice.account)),
      draw_currency_id: hkd?.id ?? 0,
      number: '333.33',
      draw_method_id: method?.id ?? 0,
    });
    // fee 0.2 % of 333.33 = 0.66666 → 0.67; receive (333.33 − 0.67) × 7.8 = 2594.748 → 2594.75
    expect((await records(alice, 2)).data[0]).toMatchObject({
      number: '333.33',
      fee: '0.67',
      real_number: '2594.75',
      payee_account: '012-345678-002',
    });
  });

  it('pays once: the lock leaves with a value-0 record; a paid request cannot be paid or rejected again', async () => {
    const [first] = (await records(alice, 1)).data;
    const id = String(first?.id);
    const before = await account(alice);
    await cmd('withdraw-paid')({ id });
    const after = await account(alice);
    expect(after.balance).toBe(before.balance);
    expect(Number(after.lock_balance)).toBeCloseTo(Number(before.lock_balance) - 100.5, 8);
    expect(await refusal(cmd('withdraw-paid')({ id }))).toBe('withdraw_not_pending');
    expect(await refusal(cmd('withdraw-reject')({ id, reason: 'late' }))).toBe('withdraw_not_pending');
    expect(await account(alice)).toEqual(after);
    expect((await records(alice, 1)).data[0]).toMatchObject({ status: 1, status_name: 'Paid' });
    const history = await alice.client
      .withLang('en')
      .get<{ list: Array<{ Type: number; Value: string; MemoTran: string }> }>('/v1/api/main/accountLog/forexChange', {
        page: 1,
      });
    expect(history.data.list[0]).toMatchObject({ Type: 33, Value: '0.00' });
    expect(history.data.list[0]?.MemoTran).toContain('Withdrawal paid');
    expect(await lockMatchesPending(alice)).toBe(true);
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('rejects with a reason: the amount returns to the balance and the trader reads why', async () => {
    const [hkd] = (await records(alice, 2)).data;
    const before = await account(alice);
    expect(await refusal(cmd('withdraw-reject')({ id: String(hkd?.id) }))).toBe('field_required');
    await cmd('withdraw-reject')({ id: String(hkd?.id), reason: 'Payee name does not match' });
    expect(await account(alice)).toEqual({
      balance: (Number(before.balance) + 333.33).toFixed(2),
      lock_balance: '0.00',
    });
    expect((await records(alice, 2)).data[0]).toMatchObject({
      status: 2,
      status_name: 'Rejected',
      notes: 'Payee name does not match',
    });
    expect(await refusal(cmd('withdraw-paid')({ id: String(hkd?.id) }))).toBe('withdraw_not_pending');
    expect(await refusal(cmd('withdraw-paid')({ id: '99999' }))).toBe('withdraw_not_found');
    const listed = (await cmd('withdraw-list')({ status: '2', user: alice.account })) as Array<{ id: number }>;
    expect(listed.map((r) => r.id)).toEqual([hkd?.id]);
    // The fields `npm run ops -- list withdrawals --json` promises: id, account, number, status.
    expect(await cmd('withdraw-list')({ status: 'rejected', user: alice.account })).toEqual([
      expect.objectContaining({ id: hkd?.id, account: alice.account, number: '333.33', status: 2 }),
    ]);
    expect(await cmd('withdraw-list')({ status: 'approved', user: alice.account })).toEqual([
      expect.objectContaining({ account: alice.account, number: '100.50', status: 1 }),
    ]);
    expect(await refusal(cmd('withdraw-list')({ status: 'done' }))).toBe('field_invalid');
    expect(await lockMatchesPending(alice)).toBe(true);
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('never spends the same money twice when requests race', async () => {
    const [m] = await methods(bob, 1);
    const form = { draw_currency_id: usdtTrc().id, number: '50', draw_method_id: m?.id ?? 0 };
    const codes = await Promise.all(Array.from({ length: 5 }, () => withdrawCode(server.ctx, bob.account)));
    const results = await Promise.all(codes.map((c) => bob.client.post('/api/account/draw', { ...form, ...c })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(await account(bob)).toEqual({ balance: '0.00', lock_balance: '50.00' });
    expect((await records(bob, 1)).total).toBe(1);
    expect(await lockMatchesPending(bob)).toBe(true);
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });
});

// A paid withdrawal still showed "Pending" on the trader's open /mine/withdraw. The operator's
// action tells the trader's signed-in sockets (ACCOUNT), so the money screens read their lists again.
describe('the trader hears of an operator’s action', () => {
  it('withdraw-paid and withdraw-reject send ACCOUNT {kind: withdrawal} to the owner’s subscribed sockets only', async () => {
    const owner = await Client.open(server.wsUrl);
    const other = await Client.open(server.wsUrl);
    try {
      for (const [c, u] of [
        [owner, alice],
        [other, bob],
      ] as const) {
        c.send({ type: 'login', token: u.token });
        expect(await c.next(isType('login'))).toMatchObject({ ok: true });
        c.send({ type: 'sub', topic: 'ACCOUNT' });
        expect(await c.next(isType('sub'))).toMatchObject({ ok: true, topic: 'ACCOUNT' });
      }
      const [trc] = await methods(alice, 1);
      for (const action of ['paid', 'reject'] as const) {
        await alice.client.post('/api/account/draw', {
          ...(await withdrawCode(server.ctx, alice.account)),
          draw_currency_id: usdtTrc().id,
          number: '20',
          draw_method_id: trc?.id ?? 0,
        });
        const id = String((await records(alice, 1)).data[0]?.id);
        if (action === 'paid') await cmd('withdraw-paid')({ id });
        else await cmd('withdraw-reject')({ id, reason: 'wrong network' });
        expect(await owner.next(isType('ACCOUNT'))).toEqual({ type: 'ACCOUNT', data: { kind: 'withdrawal' } });
      }
      await barrier(other);
      expect(other.messages.filter(isType('ACCOUNT'))).toEqual([]);
    } finally {
      owner.close();
      other.close();
    }
  });
});
