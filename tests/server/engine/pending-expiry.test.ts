// Pending-order expiry over real HTTP on the real server and database (TEST_DB=pglite and postgres), with a
// manual clock: good till cancelled, end of day and a date are stored and shown; an expired or malformed expiry is
// refused with its translated message and nothing written; the market writer's sweep cancels a due pending order
// (margin back, fee refunded, FOREX_CLOSED "expired") and leaves the others; a filled order never expires.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderList } from '../../../domain/types.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import de from '../../../locales/de.json' with { type: 'json' };
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { sweepExpired } from '../../../server/engine/pending-expiry.ts';
import { expiryOf } from '../../../server/engine/submit-order.ts';
import { ApiError } from '../../../server/http/envelope.ts';
import { countRows, manualClock, registerAndLogin, useTestServer, type ApiClient } from '../support/harness.ts';

const clock = manualClock(); // Tuesday 2026-01-06 12:00 UTC: every market open
const t = useTestServer({ clock, market: { manual: true } });
const EURUSD = 1;
const TABLES = ['orders', 'financial_records', 'accounts', 'order_idempotency', 'order_event_seq'] as const;

async function price(p: string): Promise<void> {
  (t.server.ctx.market as unknown as { setPrice(code: string, price: string): unknown }).setPrice('EURUSD', p);
  await t.server.ctx.engine.idle();
}

async function trader(): Promise<{ id: number; client: ApiClient }> {
  const u = await registerAndLogin(t.server, { clock });
  await move(t.server.ctx.db, u.user.id, {
    balance: '100000',
    type: RecordType.MEMO,
    memo: 'test deposit',
    at: clock.now(),
  });
  return { id: u.user.id, client: u.client };
}

/** A buy limit 0.1 lots at 1.08000 (below the 1.08500 price), with `expire`. */
const limit = (expire?: string) => ({
  type: 1,
  cont: '0.1',
  forex_id: EURUSD,
  status: 0,
  target_price: '1.08000',
  multiple: 100,
  ...(expire === undefined ? {} : { expire }),
});

const sweep = () => sweepExpired({ db: t.server.ctx.db, clock, expire: (id) => t.server.ctx.engine.expirePending(id) });

async function balance(c: ApiClient): Promise<{ balance: string; lock_balance: string }> {
  return (await c.get<{ balance: string; lock_balance: string }>('/v1/api/main/wallet/getBalance')).data;
}

beforeAll(() => price('1.08500'));

describe('expiryOf', () => {
  const now = Date.UTC(2026, 0, 6, 12, 0, 0);
  it('good till cancelled is 0; a day order ends at the next 00:00 UTC; a date at its end (24:00 UTC)', () => {
    expect(expiryOf(undefined, now)).toBe(0);
    expect(expiryOf('gtc', now)).toBe(0);
    expect(expiryOf('day', now)).toBe(Date.UTC(2026, 0, 7));
    expect(expiryOf('2026-01-06', now)).toBe(Date.UTC(2026, 0, 7));
    expect(expiryOf('2026-02-28', now)).toBe(Date.UTC(2026, 2, 1));
  });
  it('refuses a past date, a date that does not exist, one too far and anything else', () => {
    const key = (t: string): string => {
      try {
        expiryOf(t, now);
        return 'none';
      } catch (err) {
        return err instanceof ApiError ? err.key : String(err);
      }
    };
    expect(key('2026-01-05')).toBe('expiry_past');
    expect(key('2026-02-31')).toBe('expiry_invalid');
    expect(key('tomorrow')).toBe('expiry_invalid');
    expect(key('2028-01-01')).toBe('expiry_too_far');
  });
});

describe('pending orders with an expiry', () => {
  it('refuses an expired or malformed expiry with its translated message and writes nothing', async () => {
    const u = await trader();
    for (const [expire, message] of [
      ['2026-01-05', en.errors.expiry_past],
      ['31/12/2026', en.errors.expiry_invalid],
    ] as const) {
      const before = await countRows(t.server.ctx, TABLES);
      const r = await u.client.get<Order>('/v1/api/forex/submit', limit(expire));
      expect(r.code).toBe(0);
      expect(r.msg).toBe(message);
      expect(await countRows(t.server.ctx, TABLES)).toEqual(before);
    }
    const r = await u.client.withLang('de').get('/v1/api/forex/submit', limit('2026-01-05'));
    expect(r.msg).toBe(de.errors.expiry_past);
  });

  it('stores and shows the expiry; the writer cancels a due one (margin back, fee refunded) and keeps the others', async () => {
    const u = await trader();
    const start = await balance(u.client);
    const day = (await u.client.get<Order>('/v1/api/forex/submit', limit('day'))).data;
    const gtc = (await u.client.get<Order>('/v1/api/forex/submit', limit('gtc'))).data;
    const dated = (await u.client.get<Order>('/v1/api/forex/submit', limit('2026-01-08'))).data;
    expect(day.ExpireTimeHandler).toBe('2026-01-07T00:00:00.000Z');
    expect(gtc.ExpireTimeHandler).toBe('');
    expect(dated.ExpireTimeHandler).toBe('2026-01-09T00:00:00.000Z');
    const listed = (await u.client.get<OrderList>('/v1/api/forex/my_deal', { status: 0 })).data.data;
    expect(listed.find((o) => o.Id === day.Id)?.ExpireTimeHandler).toBe('2026-01-07T00:00:00.000Z');

    clock.set(Date.UTC(2026, 0, 6, 23, 59, 59));
    await sweep();
    expect(
      (await u.client.get<OrderList>('/v1/api/forex/my_deal', { status: 0 })).data.data.map((o) => o.Id).sort(),
    ).toEqual([day.Id, gtc.Id, dated.Id].sort());
    clock.set(Date.UTC(2026, 0, 7, 0, 0, 0));
    await sweep();
    await t.server.ctx.engine.idle();
    const pending = (await u.client.get<OrderList>('/v1/api/forex/my_deal', { status: 0 })).data.data.map((o) => o.Id);
    expect(pending.sort()).toEqual([gtc.Id, dated.Id].sort());
    const history = (await u.client.get<OrderList>('/v1/api/forex/my_deal', { status: 3 })).data.data;
    expect(history.find((o) => o.Id === day.Id)?.CloseReason).toBe('expired');
    // Two orders still lock their margin; the expired one's margin and fee are back.
    const now = await balance(u.client);
    const held = (Number(gtc.CautionMoney) + Number(dated.CautionMoney)).toFixed(2);
    expect(Number(now.lock_balance).toFixed(2)).toBe(held);
    expect((Number(start.balance) - Number(now.balance)).toFixed(2)).toBe(
      (Number(gtc.CautionMoney) + Number(gtc.TradeFee) + Number(dated.CautionMoney) + Number(dated.TradeFee)).toFixed(
        2,
      ),
    );
    clock.set(Date.UTC(2026, 0, 6, 12, 0, 0));
  });

  it('a pending order that filled before its expiry is never cancelled by it', async () => {
    const u = await trader();
    const o = (await u.client.get<Order>('/v1/api/forex/submit', limit('day'))).data;
    await price('1.07990'); // reaches the buy limit: it fills
    await price('1.08500');
    clock.set(Date.UTC(2026, 0, 7, 1, 0, 0));
    await sweep();
    await t.server.ctx.engine.idle();
    const holding = (await u.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1 })).data.data;
    expect(holding.map((h) => h.Id)).toContain(o.Id);
    clock.set(Date.UTC(2026, 0, 6, 12, 0, 0));
  });

  it('a market order ignores a well-formed expiry (a malformed one: tests/server/engine/trading-idempotency.test.ts)', async () => {
    const u = await trader();
    const r = await u.client.get<Order>('/v1/api/forex/submit', {
      ...limit('2026-01-05'),
      status: 1,
      target_price: '0',
    });
    expect(r.code).toBe(1);
    expect(r.data.ExpireTimeHandler).toBe('');
  });
});
