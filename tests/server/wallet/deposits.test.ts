// Deposits end to end on the real server (PGlite or PostgreSQL per TEST_DB): networks and bank accounts, coin and
// bank charges with a private proof image, the history, operator review (approve once, reject, invalid), and the
// ledger invariant; every refusal writes nothing.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankCoin, ChargeRecord, CoinNetwork, DepositBank } from '../../../domain/wallet-types.ts';
import type { Paged } from '../../../domain/content-types.ts';
import { DEPOSIT_COMMANDS } from '../../../server/ops/commands/deposits.ts';
import { chargeCredit } from '../../../domain/charge-credit.ts';
import {
  api,
  countRows,
  opsCommand,
  refusalKey,
  registerAndLogin,
  startTestServer,
  type RegisteredUser,
  type TestServer,
} from '../support/harness.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';

let server: TestServer;
let alice: RegisteredUser;
let bob: RegisteredUser;
let demoToken = '';
let networks: CoinNetwork[] = [];

const cmd = (name: string) => opsCommand(DEPOSIT_COMMANDS, () => server, name);
const failure = refusalKey;

async function proof(user: RegisteredUser): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
  const res = await user.client.upload<{ url: string }>('/api/common/image_upload', {
    file: new Blob([new Uint8Array(png)]),
  });
  return res.data.url;
}

async function balance(user: RegisteredUser): Promise<string> {
  return (await user.client.get<{ balance: string }>('/v1/api/main/wallet/getBalance')).data.balance;
}

async function lastCharge(user: RegisteredUser, type: 0 | 1): Promise<ChargeRecord> {
  const page = await user.client.get<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type, page: 1 });
  const first = page.data.data[0];
  if (!first) throw new Error('no charge');
  return first;
}

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  alice = await registerAndLogin(server);
  bob = await registerAndLogin(server);
  const demo = await api(server.baseUrl).get<{ token: string }>('/api/user/createAccountDemoForU', {
    demo_id: 'deposit-demo-1',
  });
  demoToken = demo.data.token;
  networks = (await alice.client.get<CoinNetwork[]>('/api/quickCharge/info')).data;
});
afterAll(() => server.close());

describe('where to deposit', () => {
  it('lists crypto networks with their addresses, bank currencies and their accounts', async () => {
    expect(networks.length).toBeGreaterThanOrEqual(4);
    expect(networks[0]).toEqual({
      id: expect.any(Number),
      currency_code: 'USDT',
      protocol_code: 'TRC20',
      address: expect.stringMatching(/^T/),
    });
    const coins = (await alice.client.get<BankCoin[]>('/api/quickCharge/symbols')).data;
    expect(coins.map((c) => c.name)).toEqual(['USD', 'HKD', 'EUR']);
    // the rate comes with the currency, so the form shows 780 HKD as 100.00 USD before it is sent.
    const hkd = coins.find((c) => c.name === 'HKD');
    expect(Number(hkd?.usd_price)).toBe(7.8);
    expect(Number(coins[0]?.usd_price)).toBe(1);
    const usd = coins[0]?.id ?? 0;
    const banks = (await alice.client.get<DepositBank[]>('/api/quickCharge/wire_info', { bank_coin: usd })).data;
    expect(banks.length).toBe(2);
    expect(Object.keys(banks[0] ?? {}).sort()).toEqual([
      'bank_address',
      'bank_name',
      'bank_remark',
      'bank_swift',
      'id',
      'payee_account',
      'payee_name',
    ]);
    const none = await alice.client.withLang('en').get('/api/quickCharge/wire_info', { bank_coin: 9999 });
    expect(none.msg).toBe('This bank account is not available');
  });

  it('is closed to demo users and visitors on every endpoint, writing nothing', async () => {
    const demo = api(server.baseUrl, { token: demoToken, lang: 'en' });
    const before = await countRows(server.ctx, ['charges']);
    const calls: Array<[string, Record<string, string | number>]> = [
      ['/api/quickCharge/info', {}],
      ['/api/quickCharge/symbols', {}],
      ['/api/quickCharge/wire_info', { bank_coin: 1 }],
      ['/api/quickCharge/submit', { number: '10', proofImg: 'x', address: 'x', charge_id: 1 }],
      ['/api/quickCharge/wire_submit', { number: '10', proofImg: 'x', wire_id: 1 }],
      ['/api/quickCharge/quick_ist', { type: 0 }],
    ];
    for (const [path, params] of calls) {
      const res = await demo.get(path, params);
      expect(res.msg, path).toBe('Please register or log in to a real account');
      expect((await api(server.baseUrl).get(path, params)).code, path).toBe(999);
    }
    expect(await countRows(server.ctx, ['charges'])).toEqual(before);
  });
});

describe('submitting a charge', () => {
  it('files a coin charge that waits for review, shown in the history with its currency', async () => {
    const usdt = networks[0];
    const res = await alice.client.withLang('en').get('/api/quickCharge/submit', {
      number: '250.5',
      proofImg: await proof(alice),
      address: usdt?.address ?? '',
      charge_id: usdt?.id ?? 0,
    });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Submitted, your deposit will be credited after review');
    const last = await lastCharge(alice, 0);
    expect(last).toMatchObject({
      number: '250.5',
      type: 0,
      currency_code: 'USDT',
      status: 0,
      credited: '',
      remark: '',
    });
    expect(last.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await balance(alice)).toBe('0.00');
  });

  it('refuses bad coin charges with a clear message and writes nothing', async () => {
    const usdt = networks[0];
    const good = { number: '10', proofImg: await proof(alice), address: usdt?.address ?? '', charge_id: usdt?.id ?? 0 };
    const bobsProof = await proof(bob);
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ ...good, number: '' }, 'Please enter the number of coins to be charged'],
      [{ ...good, number: '0' }, 'Please enter an amount greater than 0'],
      [{ ...good, number: '-5' }, 'Please enter an amount greater than 0'],
      [{ ...good, number: 'NaN' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ ...good, number: '1e5' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ ...good, number: '1,000' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ ...good, number: '0.000000001' }, 'The amount can have at most 8 decimals'],
      [{ ...good, number: '99999999999' }, 'The amount can be at most 1000000000'],
      [{ ...good, charge_id: 9999 }, 'This deposit network is not available'],
      [{ ...good, charge_id: 'abc' }, 'Please check Network: the value is not valid'],
      [{ ...good, address: 'TWrongAddress' }, 'Please check Address: the value is not valid'],
      [{ ...good, proofImg: '' }, 'Please upload the payment proof'],
      [{ ...good, proofImg: bobsProof }, 'Please upload the payment proof'],
      [{ ...good, proofImg: '/api/common/image/AAAAAAAAAAAAAAAAAAAAAA' }, 'Please upload the payment proof'],
    ];
    const before = await countRows(server.ctx, ['charges', 'financial_records']);
    for (const [params, msg] of cases) {
      const res = await alice.client.withLang('en').get('/api/quickCharge/submit', params);
      expect(res.code, JSON.stringify(params)).toBe(0);
      expect(res.msg, JSON.stringify(params)).toBe(msg);
    }
    expect(await countRows(server.ctx, ['charges', 'financial_records'])).toEqual(before);
  });

  it('files a bank charge; without a chosen account it says there is no pay way', async () => {
    const coins = (await alice.client.get<BankCoin[]>('/api/quickCharge/symbols')).data;
    const hkd = coins.find((c) => c.name === 'HKD');
    const bank = (await alice.client.get<DepositBank[]>('/api/quickCharge/wire_info', { bank_coin: hkd?.id ?? 0 }))
      .data[0];
    const img = await proof(alice);
    const en = alice.client.withLang('en');
    expect((await en.get('/api/quickCharge/wire_submit', { number: '780', proofImg: img })).msg).toBe(
      'There is no payment channel for the French currency account',
    );
    expect(
      (await en.get('/api/quickCharge/wire_submit', { number: '', proofImg: img, wire_id: bank?.id ?? 0 })).msg,
    ).toBe('Please enter the recharge amount');
    expect(
      (await en.get('/api/quickCharge/wire_submit', { number: '1.001', proofImg: img, wire_id: bank?.id ?? 0 })).msg,
    ).toBe('The amount can have at most 2 decimals');
    const res = await en.get('/api/quickCharge/wire_submit', { number: '780', proofImg: img, wire_id: bank?.id ?? 0 });
    expect(res.code).toBe(1);
    expect(await lastCharge(alice, 1)).toMatchObject({ number: '780', type: 1, currency_code: 'HKD', status: 0 });
  });

  it('refuses bad bank charges and bad list queries with a clear message and writes nothing', async () => {
    const en = alice.client.withLang('en');
    const coins = (await en.get<BankCoin[]>('/api/quickCharge/symbols')).data;
    const bank = (await en.get<DepositBank[]>('/api/quickCharge/wire_info', { bank_coin: coins[0]?.id ?? 0 })).data[0];
    const good = { number: '100', proofImg: await proof(alice), wire_id: bank?.id ?? 0 };
    const cases: Array<[string, Record<string, string | number>, string]> = [
      ['/api/quickCharge/wire_submit', { ...good, wire_id: 999999 }, 'This bank account is not available'],
      ['/api/quickCharge/wire_submit', { ...good, wire_id: -1 }, 'Please check Pay to: the value is not valid'],
      ['/api/quickCharge/wire_submit', { ...good, number: '0' }, 'Please enter an amount greater than 0'],
      ['/api/quickCharge/wire_submit', { ...good, number: '-100' }, 'Please enter an amount greater than 0'],
      [
        '/api/quickCharge/wire_submit',
        { ...good, number: 'Infinity' },
        'Please enter a number (digits and one decimal point, such as 25.50)',
      ],
      ['/api/quickCharge/wire_submit', { ...good, number: '10000000.01' }, 'The amount can be at most 10000000'],
      ['/api/quickCharge/wire_submit', { ...good, proofImg: await proof(bob) }, 'Please upload the payment proof'],
      [
        '/api/quickCharge/wire_submit',
        { ...good, proofImg: 'https://evil.example/a.png' },
        'Please upload the payment proof',
      ],
      ['/api/quickCharge/wire_info', { bank_coin: 999999 }, 'This bank account is not available'],
      ['/api/quickCharge/wire_info', {}, 'Please fill in Currency'],
      [
        '/api/quickCharge/quick_ist',
        { type: 2 },
        'Something in this request is not valid. Please go back and try again.',
      ],
      [
        '/api/quickCharge/quick_ist',
        { type: 0, page: 0 },
        'Something in this request is not valid. Please go back and try again.',
      ],
    ];
    const before = await countRows(server.ctx, ['charges', 'financial_records', 'accounts']);
    for (const [path, params, msg] of cases) {
      const res = await en.get(path, params);
      expect(res.code, `${path} ${JSON.stringify(params)}`).toBe(0);
      expect(res.msg, `${path} ${JSON.stringify(params)}`).toBe(msg);
    }
    expect(await countRows(server.ctx, ['charges', 'financial_records', 'accounts'])).toEqual(before);
  });

  it('pages the history: 10 a page with the total', async () => {
    const usdt = networks[0];
    const img = await proof(bob);
    for (let i = 1; i <= 12; i++) {
      await bob.client.get('/api/quickCharge/submit', {
        number: String(i),
        proofImg: img,
        address: usdt?.address ?? '',
        charge_id: usdt?.id ?? 0,
      });
    }
    const p1 = (await bob.client.get<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type: 0, page: 1 })).data;
    const p2 = (await bob.client.get<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type: 0, page: 2 })).data;
    expect(p1.total).toBe(12);
    expect(p1.data.map((c) => c.number)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
    expect(p2.data.map((c) => c.number)).toEqual(['2', '1']);
    expect((await bob.client.get<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type: 1 })).data).toEqual({
      data: [],
      total: 0,
    });
    expect((await alice.client.get<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type: 0 })).data.total).toBe(1);
  });
});

describe('operator review', () => {
  it('approves once: credits number ÷ rate to the cent with a ledger record; a second approval changes nothing', async () => {
    const btc = networks.find((n) => n.currency_code === 'BTC');
    await alice.client.get('/api/quickCharge/submit', {
      number: '0.0123',
      proofImg: await proof(alice),
      address: btc?.address ?? '',
      charge_id: btc?.id ?? 0,
    });
    const charge = await lastCharge(alice, 0);
    const before = await balance(alice);
    const approved = await cmd('charge-approve')({ id: String(charge.id) });
    expect(approved).toMatchObject({ credited: '1230.00' });
    expect(await balance(alice)).toBe('1230.00');
    expect(before).toBe('0.00');
    expect(await failure(cmd('charge-approve')({ id: String(charge.id) }))).toBe('charge_not_pending');
    expect(await failure(cmd('charge-reject')({ id: String(charge.id), reason: 'late' }))).toBe('charge_not_pending');
    expect(await balance(alice)).toBe('1230.00');
    expect(await lastCharge(alice, 0)).toMatchObject({ status: 1, credited: '1230.00' });
    const records = await alice.client
      .withLang('en')
      .get<{ list: Array<{ Type: number; Value: string; MemoTran: string }> }>('/v1/api/main/accountLog/forexChange', {
        page: 1,
      });
    expect(records.data.list[0]).toMatchObject({ Type: 31, Value: '1230.00' });
    expect(records.data.list[0]?.MemoTran).toContain('0.0123 BTC');
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('credits exactly once when approvals race', async () => {
    const usdt = networks[0];
    await bob.client.get('/api/quickCharge/submit', {
      number: '77.77',
      proofImg: await proof(bob),
      address: usdt?.address ?? '',
      charge_id: usdt?.id ?? 0,
    });
    const charge = await lastCharge(bob, 0);
    const before = await balance(bob);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => cmd('charge-approve')({ id: String(charge.id) })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balance(bob)).toBe((Number(before) + 77.77).toFixed(2));
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('rejects with a reason shown to the trader, marks invalid, refuses unknown ids, lists by status', async () => {
    const usdt = networks[0];
    const img = await proof(alice);
    const submit = () =>
      alice.client.get('/api/quickCharge/submit', {
        number: '5',
        proofImg: img,
        address: usdt?.address ?? '',
        charge_id: usdt?.id ?? 0,
      });
    await submit();
    const a = await lastCharge(alice, 0);
    expect(await failure(cmd('charge-reject')({ id: String(a.id) }))).toBe('field_required');
    await cmd('charge-reject')({ id: String(a.id), reason: 'The proof does not show a transfer' });
    expect(await lastCharge(alice, 0)).toMatchObject({
      status: 2,
      remark: 'The proof does not show a transfer',
      credited: '',
    });
    await submit();
    const b = await lastCharge(alice, 0);
    await cmd('charge-invalid')({ id: String(b.id) });
    expect((await lastCharge(alice, 0)).status).toBe(3);
    expect(await failure(cmd('charge-approve')({ id: String(b.id) }))).toBe('charge_not_pending');
    expect(await failure(cmd('charge-approve')({ id: '999999' }))).toBe('charge_not_found');
    expect(await failure(cmd('charge-approve')({ id: 'x; DROP TABLE charges' }))).toBe('field_invalid');
    const rejected = (await cmd('charge-list')({ status: '2', user: alice.account })) as Array<{
      id: number;
      proof: string;
    }>;
    expect(rejected.map((r) => r.id)).toEqual([a.id]);
    expect(rejected[0]?.proof).toBe(img);
    expect(await failure(cmd('charge-list')({ status: '7' }))).toBe('field_invalid');
  });

  it('approves with a given amount (a wire that arrived short) and credits accounts directly', async () => {
    const coins = (await bob.client.get<BankCoin[]>('/api/quickCharge/symbols')).data;
    const bank = (await bob.client.get<DepositBank[]>('/api/quickCharge/wire_info', { bank_coin: coins[0]?.id ?? 0 }))
      .data[0];
    await bob.client.get('/api/quickCharge/wire_submit', {
      number: '1000',
      proofImg: await proof(bob),
      wire_id: bank?.id ?? 0,
    });
    const charge = await lastCharge(bob, 1);
    const before = Number(await balance(bob));
    expect(await failure(cmd('charge-approve')({ id: String(charge.id), amount: '-1' }))).toBe('amount_invalid');
    await cmd('charge-approve')({ id: String(charge.id), amount: '995.5' });
    expect(await balance(bob)).toBe((before + 995.5).toFixed(2));
    await cmd('user-credit')({ user: bob.account, amount: '4.5', memo: 'goodwill' });
    expect(await balance(bob)).toBe((before + 1000).toFixed(2));
    expect(await failure(cmd('user-credit')({ user: 'deposit-demo-1', amount: '5' }))).toBe('real_account_required');
    expect(await failure(cmd('user-credit')({ user: bob.account, amount: '0.001' }))).toBe('amount_places');
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('refuses to approve a charge worth less than a cent, leaving it waiting', async () => {
    const btc = networks.find((n) => n.currency_code === 'BTC');
    await bob.client.get('/api/quickCharge/submit', {
      number: '0.00000001',
      proofImg: await proof(bob),
      address: btc?.address ?? '',
      charge_id: btc?.id ?? 0,
    });
    const charge = await lastCharge(bob, 0);
    const before = await countRows(server.ctx, ['financial_records']);
    expect(await failure(cmd('charge-approve')({ id: String(charge.id) }))).toBe('amount_invalid');
    expect((await lastCharge(bob, 0)).status).toBe(0);
    expect(await countRows(server.ctx, ['financial_records'])).toEqual(before);
    await cmd('charge-invalid')({ id: String(charge.id), reason: 'dust' });
    expect(await lastCharge(bob, 0)).toMatchObject({ status: 3, remark: 'dust' });
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('rounds the USD value down to the cent', () => {
    expect(chargeCredit('1', '7.8')).toBe('0.12');
    expect(chargeCredit('0.00001', '0.00001')).toBe('1.00');
    expect(chargeCredit('0.000000019', '0.00001')).toBe('0.00');
  });
});
