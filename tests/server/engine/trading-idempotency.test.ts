// Submit idempotency as Stripe has it (docs/trading.md "Idempotency"): a key reused with other parameters is refused
// with a translated error and writes nothing; a replay with the same parameters answers the order as it is now (a
// closed order reads closed); five parallel submits with one key and five instruments make one order and four
// refusals. And the input checks of docs/trading.md "Submit" and "During a halt": a market order's malformed `expire` is
// refused, and set_stop_price is refused on a halted instrument as a close is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instrument, Order } from '../../../domain/types.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import hk from '../../../locales/hk.json' with { type: 'json' };
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import {
  api,
  countRows,
  manualClock,
  registerAndLogin,
  runOps,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

const clock = manualClock(); // a Tuesday, 12:00 UTC: every market open
let server: TestServer;
let market: { setPrice(code: string, price: string): unknown };
const TABLES = ['orders', 'financial_records', 'accounts', 'order_idempotency', 'order_event_seq'] as const;

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  market = server.ctx.market as unknown as typeof market;
  market.setPrice('EURUSD', '1.08500');
  await server.ctx.engine.idle();
});
afterAll(async () => {
  await server?.close();
});

async function trader(): Promise<Awaited<ReturnType<typeof registerAndLogin>>> {
  const u = await registerAndLogin(server, { clock });
  await move(server.ctx.db, u.user.id, { balance: '100000', type: RecordType.MEMO, memo: 'deposit', at: clock.now() });
  return u;
}

type Params = Record<string, string>;
const buy = (over: Params = {}): Params => ({
  type: '1',
  cont: '0.1',
  forex_id: '1',
  status: '1',
  multiple: '100',
  ...over,
});

async function submit(
  token: string,
  key: string,
  params: Params,
  lang = 'en',
): Promise<{ code: number; msg: string; data: Order }> {
  const res = await fetch(`${server.baseUrl}/v1/api/forex/submit?${new URLSearchParams(params)}`, {
    headers: { authorization: token, lang, 'idempotency-key': key },
  });
  return (await res.json()) as { code: number; msg: string; data: Order };
}

describe('idempotency keys', () => {
  it('refuses a key reused with other parameters, in the trader’s language, and writes nothing', async () => {
    const u = await trader();
    const first = await submit(u.token, 'key-a', buy());
    expect(first.code).toBe(1);
    const before = await countRows(server.ctx, TABLES);
    for (const other of [buy({ cont: '0.2' }), buy({ type: '2' }), buy({ stop_loss_price: '1.08000' })]) {
      const r = await submit(u.token, 'key-a', other);
      expect(r.code, JSON.stringify(other)).toBe(0);
      expect(r.msg).toBe(en.errors.idempotency_key_reused);
    }
    expect((await submit(u.token, 'key-a', buy({ cont: '0.3' }), 'hk')).msg).toBe(hk.errors.idempotency_key_reused);
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
    // Another user's same key is their own.
    const v = await trader();
    expect((await submit(v.token, 'key-a', buy({ cont: '0.2' }))).code).toBe(1);
  });

  it("answers a replay with the order's current state: closed once it is closed", async () => {
    const u = await trader();
    const first = await submit(u.token, 'key-b', buy());
    expect(first.data.Status).toBe(1);
    const closed = await api(server.baseUrl)
      .withToken(u.token)
      .get<Order>('/v1/api/forex/close', { id: first.data.Id });
    expect(closed.code).toBe(1);
    const replay = await submit(u.token, 'key-b', buy());
    expect(replay.code).toBe(1);
    expect(replay.data.Id).toBe(first.data.Id);
    expect(replay.data.Status).toBe(3);
    expect(replay.data.CompleteTimeHandler).not.toBe('');
    const rows = await server.ctx.db.query('SELECT id FROM orders WHERE user_id = $1', [u.user.id]);
    expect(rows).toHaveLength(1);
  });

  it('five parallel submits with one key and five instruments: one order, four refusals', async () => {
    const u = await trader();
    const list = await api(server.baseUrl).get<Instrument[]>('/v1/api/forex/trade_list');
    const five = list.data
      .filter((i) => i.MarketStatus === 1 && i.HasForexMultiple.some((m) => m.Value === 100))
      .slice(0, 5);
    expect(five).toHaveLength(5);
    const answers = await Promise.all(five.map((i) => submit(u.token, 'key-c', buy({ forex_id: String(i.Id) }))));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    const refused = answers.filter((a) => a.code === 0);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.msg).toBe(en.errors.idempotency_key_reused);
    const rows = await server.ctx.db.query('SELECT id FROM orders WHERE user_id = $1', [u.user.id]);
    expect(rows).toHaveLength(1);
  });
});

describe('a market order’s expiry and changes during a halt', () => {
  it('refuses a market order with a malformed expire and writes nothing', async () => {
    const u = await trader();
    const before = await countRows(server.ctx, TABLES);
    for (const expire of ['garbage!!', '31/12/2026', '2026-13-40']) {
      const r = await api(server.baseUrl, { lang: 'en' })
        .withToken(u.token)
        .get<Order>('/v1/api/forex/submit', { ...buy(), expire });
      expect(r.code, expire).toBe(0);
      expect(r.msg).toBe(en.errors.expiry_invalid);
    }
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
    // Good till cancelled and none stay accepted for a market order.
    const ok = await api(server.baseUrl)
      .withToken(u.token)
      .get<Order>('/v1/api/forex/submit', { ...buy(), expire: 'gtc' });
    expect(ok.code).toBe(1);
  });

  it('refuses set_stop_price on a halted instrument with the halt’s reason, and takes it again after resume', async () => {
    const u = await trader();
    const held = (await submit(u.token, 'key-d', buy())).data;
    const reason = 'Price check with the liquidity provider';
    await runOps(server, 'feed-halt', { code: 'EURUSD', reason });
    const client = api(server.baseUrl, { lang: 'en' }).withToken(u.token);
    const before = await countRows(server.ctx, TABLES);
    const r = await client.get<Order>('/v1/api/forex/set_stop_price', { id: held.Id, target_profit_price: '1.09500' });
    expect(r.code).toBe(0);
    expect(r.msg).toBe(`Trading in this product is halted: ${reason}`);
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
    await runOps(server, 'feed-resume', { code: 'EURUSD' });
    const after = await client.get<Order>('/v1/api/forex/set_stop_price', {
      id: held.Id,
      target_profit_price: '1.09500',
    });
    expect(after.code).toBe(1);
    expect(after.data.TargetProfitPrice).toBe('1.09500');
  });
});
