// The retail rules on submit, over real HTTP (docs/retail-protection.md): leverage capped per asset class for retail
// real and demo accounts, the full list for a professional client, the cap table and the category changed only by
// audited ops commands, and a real account's first order waiting for the questionnaire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../domain/types.ts';
import type { QuestionnaireResult, RetailProfile } from '../../../domain/retail.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { RETAIL_COMMANDS } from '../../../server/ops/commands/retail.ts';
import { runAs } from '../../../server/ops/run.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import {
  countRows,
  demoClient,
  manualClock,
  registerAndLogin,
  startTestServer,
  TEST_OPERATOR,
  type ApiClient,
  type TestServer,
} from '../support/harness.ts';

const clock = manualClock(); // a Tuesday noon: every market open
let server: TestServer;
const EURUSD = 1; // major FX, offers 10…200
const BTCUSDT = 17; // crypto, offers 10…100
const GER40 = 26; // a major index, offers 10, 20, 50
const TABLES = ['orders', 'financial_records', 'accounts'] as const;
const PASSING = { leverage: 'both', margin: 'deposit', stop_out: 'closed', experience: 'frequent' };
const FAILING = { leverage: 'gain_only', margin: 'fee', stop_out: 'closed', experience: 'none' };

const command = (name: string) => {
  const cmd = RETAIL_COMMANDS.find((c) => c.name === name);
  if (!cmd) throw new Error(name);
  return (args: Record<string, string>) => runAs(server.ctx, cmd, args, TEST_OPERATOR);
};

const buy = (instrumentId: number, multiple: number) => ({
  type: 1,
  cont: '0.1',
  forex_id: instrumentId,
  status: 1,
  multiple,
});

async function funded(client: ApiClient, userId: number): Promise<ApiClient> {
  await move(server.ctx.db, userId, {
    balance: '100000',
    type: RecordType.MEMO,
    memo: 'test deposit',
    at: clock.now(),
  });
  return client;
}

async function realTrader(): Promise<{ id: number; uid: string; client: ApiClient }> {
  const u = await registerAndLogin(server, { clock });
  return { id: u.user.id, uid: u.user.uid, client: await funded(u.client, u.user.id) };
}

async function passedTrader(): Promise<{ id: number; uid: string; client: ApiClient }> {
  const t = await realTrader();
  const r = await t.client.post<QuestionnaireResult>('/v1/api/retail/questionnaire', PASSING);
  expect(r.data).toEqual({ score: 4, passed: true, acknowledged: false });
  return t;
}

let demoCount = 0;
const demoTrader = (): Promise<ApiClient> => demoClient(server, `demo-retail-${++demoCount}`);

const capText = (cap: number) => en.errors.leverage_above_cap.replace('{{cap}}', String(cap));

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  const market = server.ctx.market as unknown as { setPrice(code: string, price: string): unknown };
  market.setPrice('EURUSD', '1.08500');
  market.setPrice('BTCUSDT', '67250.00');
  market.setPrice('GER40', '18150.0');
  await server.ctx.engine.idle();
  await setSetting(server.ctx.db, 'retail_protection', '1');
});

afterAll(async () => {
  await server?.close();
});

describe('leverage caps on submit', () => {
  it.each([
    [EURUSD, 50, 30],
    [EURUSD, 200, 30],
    [GER40, 50, 20],
    [BTCUSDT, 10, 2],
  ])('a retail account is refused instrument %i at ×%i (cap ×%i), nothing written', async (id, multiple, cap) => {
    const t = await passedTrader();
    const before = await countRows(server.ctx, TABLES);
    const r = await t.client.get('/v1/api/forex/submit', buy(id, multiple));
    expect(r.code).toBe(0);
    expect(r.msg).toBe(capText(cap));
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
  });

  it.each([
    [EURUSD, 30],
    [EURUSD, 20],
    [GER40, 20],
    [BTCUSDT, 2],
  ])('a retail account opens instrument %i at ×%i', async (id, multiple) => {
    const t = await passedTrader();
    const r = await t.client.get<Order>('/v1/api/forex/submit', buy(id, multiple));
    expect(r.code).toBe(1);
    expect(r.data.Multiple).toBe(multiple);
  });

  it('a demo account follows the same caps, without the questionnaire', async () => {
    const demo = await demoTrader();
    expect((await demo.get('/v1/api/forex/submit', buy(EURUSD, 100))).msg).toBe(capText(30));
    const opened = await demo.get<Order>('/v1/api/forex/submit', buy(EURUSD, 30));
    expect(opened.code).toBe(1);
    const terms = await demo.get<RetailProfile>('/v1/api/retail/terms');
    expect(terms.data.questionnaire).toBe('not_needed');
    expect(terms.data.leverage.find((l) => l.forex_id === EURUSD)).toEqual({
      forex_id: EURUSD,
      asset_class: 'major_fx',
      cap: 30,
      multiples: [10, 20, 30],
    });
    expect(terms.data.leverage.find((l) => l.forex_id === BTCUSDT)?.multiples).toEqual([2]);
  });

  it('a professional client (set with a reason, audited) gets the full list; retail again caps it', async () => {
    const t = await passedTrader();
    const r = await command('client-category-set')({ user: t.uid, category: 'professional', reason: 'review 42 ok' });
    expect(r).toEqual({ user: t.uid, category: 'professional', reason: 'review 42 ok' });
    const [audit] = await server.ctx.db.query<{ params: string; before_value: string }>(
      "SELECT params, before_value FROM audit_log WHERE action = 'client-category-set' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(audit?.params ?? '{}')).toMatchObject({ category: 'professional', reason: 'review 42 ok' });
    expect(JSON.parse(audit?.before_value ?? '{}')).toMatchObject({ category: 'retail' });
    const terms = await t.client.get<RetailProfile>('/v1/api/retail/terms');
    expect(terms.data.category).toBe('professional');
    expect(terms.data.leverage.find((l) => l.forex_id === EURUSD)).toMatchObject({
      cap: null,
      multiples: [10, 20, 50, 100, 200],
    });
    expect((await t.client.get<Order>('/v1/api/forex/submit', buy(EURUSD, 200))).code).toBe(1);
    await command('client-category-set')({ user: t.uid, category: 'retail', reason: 'no longer eligible' });
    expect((await t.client.get('/v1/api/forex/submit', buy(EURUSD, 200))).msg).toBe(capText(30));
  });

  it.each([
    [{ user: 'nobody@example.com', category: 'professional', reason: 'x' }],
    [{ category: 'expert', reason: 'x' }],
    [{ category: 'professional', reason: ' ' }],
  ])('a bad category change is refused and changes nothing: %j', async (args) => {
    const t = await realTrader();
    await expect(command('client-category-set')({ user: t.uid, ...args })).rejects.toBeTruthy();
    const [row] = await server.ctx.db.query<{ client_category: string }>(
      'SELECT client_category FROM users WHERE id = $1',
      [t.id],
    );
    expect(row?.client_category).toBe('retail');
  });

  it('the dealer changes a class cap with an audit row; bad values are refused', async () => {
    for (const bad of [
      { class: 'fx', cap: '20' },
      { class: 'major_fx', cap: '0' },
      { class: 'major_fx', cap: 'ten' },
    ]) {
      await expect(command('leverage-cap-set')(bad)).rejects.toMatchObject({ key: 'field_invalid' });
    }
    expect(await command('leverage-cap-set')({ class: 'major_fx', cap: '20' })).toEqual({
      asset_class: 'major_fx',
      cap: 20,
    });
    const [audit] = await server.ctx.db.query<{ before_value: string; after_value: string }>(
      "SELECT before_value, after_value FROM audit_log WHERE action = 'leverage-cap-set' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(audit?.before_value ?? '{}')).toEqual({ class: 'major_fx', cap: 30 });
    expect(JSON.parse(audit?.after_value ?? '{}')).toEqual({ asset_class: 'major_fx', cap: 20 });
    const t = await passedTrader();
    expect((await t.client.get('/v1/api/forex/submit', buy(EURUSD, 30))).msg).toBe(capText(20));
    expect(await command('leverage-cap-list')({})).toContainEqual({ asset_class: 'major_fx', cap: 20 });
    await command('leverage-cap-set')({ class: 'major_fx', cap: '30' });
  });

  it('without the retail rules (retail_protection 0) the instrument’s full list is offered', async () => {
    await setSetting(server.ctx.db, 'retail_protection', '0');
    try {
      const t = await realTrader();
      expect((await t.client.get<Order>('/v1/api/forex/submit', buy(EURUSD, 200))).code).toBe(1);
    } finally {
      await setSetting(server.ctx.db, 'retail_protection', '1');
    }
  });
});

describe('appropriateness before the first real order', () => {
  it('refuses until answered; a failing score needs the recorded "I understand"', async () => {
    const t = await realTrader();
    const before = await countRows(server.ctx, TABLES);
    expect((await t.client.get('/v1/api/forex/submit', buy(EURUSD, 20))).msg).toBe(en.errors.appropriateness_required);
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
    expect((await t.client.get<RetailProfile>('/v1/api/retail/terms')).data.questionnaire).toBe('required');

    const missing = await t.client.post('/v1/api/retail/questionnaire', { leverage: 'both' });
    expect(missing.code).toBe(0);
    const failed = await t.client.post<QuestionnaireResult>('/v1/api/retail/questionnaire', FAILING);
    expect(failed.data).toEqual({ score: 1, passed: false, acknowledged: false });
    expect((await t.client.get('/v1/api/forex/submit', buy(EURUSD, 20))).msg).toBe(en.errors.appropriateness_required);
    clock.advance(5_000);
    const ack = await t.client.post<QuestionnaireResult>('/v1/api/retail/acknowledge', {});
    expect(ack.data).toEqual({ score: 1, passed: false, acknowledged: true });
    expect((await t.client.get<Order>('/v1/api/forex/submit', buy(EURUSD, 20))).code).toBe(1);

    const shown = (await command('appropriateness-show')({ user: t.uid })) as { record: Record<string, unknown> };
    expect(shown.record).toEqual({
      answers: FAILING,
      score: 1,
      passed: false,
      taken_at: clock.now() - 5_000,
      acknowledged_at: clock.now(),
    });
    expect(await command('appropriateness-reset')({ user: t.uid })).toEqual({ user: t.uid, cleared: true });
    expect((await t.client.get('/v1/api/forex/submit', buy(EURUSD, 20))).msg).toBe(en.errors.appropriateness_required);
    const [audit] = await server.ctx.db.query<{ before_value: string }>(
      "SELECT before_value FROM audit_log WHERE action = 'appropriateness-reset' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(audit?.before_value ?? '{}')).toMatchObject({ score: 1, passed: false });
  });

  it('a passing score lets the first order through; an acknowledgement then is refused', async () => {
    const t = await passedTrader();
    expect((await t.client.post('/v1/api/retail/acknowledge', {})).msg).toBe(
      en.errors.appropriateness_nothing_to_acknowledge,
    );
    expect((await t.client.get<Order>('/v1/api/forex/submit', buy(EURUSD, 30))).code).toBe(1);
    expect((await t.client.get<RetailProfile>('/v1/api/retail/terms')).data.questionnaire).toBe('passed');
  });
});
