// Two-sided prices in the order engine (docs/trading.md "Bid and ask"), against the real database (TEST_DB=pglite
// and postgres): a buy opens at the ask and closes at the bid, a sell the reverse; every trigger watches the side
// that would fill it — pending buys the ask, pending sells the bid, a buy's TP/SL/trailing stop the bid, a sell's
// the ask, and the stop-out closes at the closing side. Each case moves the prices so that the other side (or the
// mid) would have fired, and checks that nothing did.
import { describe, expect, it } from 'vitest';
import { expectLedgerInvariants, fundedUser, ledgerCheck, marketBuy, useEngineBed } from '../support/engine-helpers.ts';

const bed = useEngineBed();
const EUR = 9001;

async function sides(bid: string, ask: string): Promise<void> {
  bed.market.setSides('TSTEUR', bid, ask);
  await bed.engine.idle();
}

interface Stored {
  status: number;
  price: string;
  updatePrice: string;
  reason: string;
  loss: string;
  pnl: string;
}

async function stored(id: number): Promise<Stored> {
  const [r] = await bed.ctx.db.query<{
    status: number;
    price: string;
    update_price: string;
    close_reason: string;
    target_loss_price: string;
    fact_profits: string;
  }>(
    `SELECT status, price::text AS price, update_price::text AS update_price, close_reason,
            target_loss_price::text AS target_loss_price, fact_profits::text AS fact_profits
       FROM orders WHERE id = $1`,
    [id],
  );
  if (!r) throw new Error(`no order ${id}`);
  const n = (t: string): string => String(Number(t));
  return {
    status: Number(r.status),
    price: n(r.price),
    updatePrice: n(r.update_price),
    reason: r.close_reason,
    loss: n(r.target_loss_price),
    pnl: n(r.fact_profits),
  };
}

const user = (amount = '100000'): Promise<number> => fundedUser(bed.ctx.db, amount, bed.ctx.clock.now());
const buy = marketBuy;
const sell = (over = {}) => marketBuy({ type: 2, ...over });

describe('market orders on two-sided prices', () => {
  it('a buy opens at the ask and shows its P&L at the bid; a sell opens at the bid and shows it at the ask', async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const b = await bed.engine.submit(u, EUR, buy(), null);
    expect(b.Price).toBe('1.10020');
    expect(b.UpdatePrice).toBe('1.10000');
    expect(b.FactProfits).toBe('-20.000000');
    const s = await bed.engine.submit(u, EUR, sell(), null);
    expect(s.Price).toBe('1.10000');
    expect(s.UpdatePrice).toBe('1.10020');
    expect(s.FactProfits).toBe('-20.000000');
    expect(bed.engine.floatingOf(u).eq(-40)).toBe(true);
    const bc = await bed.engine.close(u, b.Id);
    expect(bc.UpdatePrice).toBe('1.10000');
    const sc = await bed.engine.close(u, s.Id);
    expect(sc.UpdatePrice).toBe('1.10020');
    expect((await stored(b.Id)).pnl).toBe('-20');
    expect((await stored(s.Id)).pnl).toBe('-20');
    await expectLedgerInvariants(bed.ctx.db, u);
  });

  it('a 1-lot round trip at a 1.5-pip spread costs exactly the spread plus the fee', async () => {
    await sides('1.10000', '1.10015');
    const u = await user('10000');
    const o = await bed.engine.submit(u, EUR, buy(), null);
    // margin 1 × 100000 × 1.10015 / 100 = 1100.15; fee (margin × 0.001) = 1.10015
    expect(o.TradeFee).toBe('1.100150');
    const c = await bed.engine.close(u, o.Id);
    expect(c.FactProfits).toBe('-15.000000');
    // 10000 − 15 (the spread: 0.00015 × 100000) − 1.10015 (the fee), exactly.
    expect((await ledgerCheck(bed.ctx.db, u)).balance).toBe('9983.89985');
    await expectLedgerInvariants(bed.ctx.db, u);
  });

  it("a market order's stops are judged against its closing side", async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    // A buy's stop-loss between the bid and the ask would fire at once: refused, as one below the price is.
    await expect(bed.engine.submit(u, EUR, buy({ stop_loss_price: '1.10010' }), null)).rejects.toMatchObject({
      key: 'stop_loss_below',
    });
    const ok = await bed.engine.submit(u, EUR, buy({ stop_loss_price: '1.09990' }), null);
    expect(ok.TargetLossPrice).toBe('1.09990');
    await bed.engine.close(u, ok.Id);
  });
});

describe('stops trigger on the closing side', () => {
  it("a buy's stop-profit watches the bid: an ask at the target is not enough", async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, buy(), null);
    await bed.engine.setStops(u, o.Id, '1.10100', '0');
    await sides('1.10090', '1.10110');
    expect((await stored(o.Id)).status).toBe(1);
    await sides('1.10100', '1.10120');
    expect(await stored(o.Id)).toMatchObject({ status: 3, reason: 'stop_profit', updatePrice: '1.101' });
  });

  it("a buy's stop-loss watches the bid: it fires while the ask (and the mid) are still above it", async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, buy({ stop_loss_price: '1.09950' }), null);
    await sides('1.09950', '1.09990');
    expect(await stored(o.Id)).toMatchObject({ status: 3, reason: 'stop_loss', updatePrice: '1.0995' });
  });

  it("a sell's stop-loss watches the ask: it fires while the bid is still below it", async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, sell({ stop_loss_price: '1.10080' }), null);
    expect(o.Price).toBe('1.10000');
    await sides('1.10040', '1.10079');
    expect((await stored(o.Id)).status).toBe(1);
    await sides('1.10060', '1.10080');
    expect(await stored(o.Id)).toMatchObject({ status: 3, reason: 'stop_loss', updatePrice: '1.1008' });
  });

  it("a sell's stop-profit watches the ask: a bid at the target is not enough", async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, sell({ target_profit_price: '1.09900' }), null);
    await sides('1.09890', '1.09910');
    expect((await stored(o.Id)).status).toBe(1);
    await sides('1.09880', '1.09900');
    expect(await stored(o.Id)).toMatchObject({ status: 3, reason: 'stop_profit', updatePrice: '1.099' });
  });
});

describe('pending orders fill on the side that fills them', () => {
  const pending = (type: 1 | 2, target: string) => marketBuy({ type, status: 0, target_price: target });

  it('a buy limit watches the ask: a bid at the target does not fill it; it fills at the ask', async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, pending(1, '1.09950'), null);
    expect(o.OriginPrice).toBe('1.10020');
    await sides('1.09940', '1.09960');
    expect((await stored(o.Id)).status).toBe(0);
    await sides('1.09930', '1.09950');
    expect(await stored(o.Id)).toMatchObject({ status: 1, price: '1.0995' });
    await bed.engine.close(u, o.Id);
  });

  it('a buy stop watches the ask: it fills while the bid is still below the target', async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, pending(1, '1.10100'), null);
    await sides('1.10080', '1.10100');
    expect(await stored(o.Id)).toMatchObject({ status: 1, price: '1.101' });
    await bed.engine.close(u, o.Id);
  });

  it('a sell limit watches the bid: an ask at the target does not fill it; it fills at the bid', async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, pending(2, '1.10100'), null);
    expect(o.OriginPrice).toBe('1.10000');
    await sides('1.10090', '1.10110');
    expect((await stored(o.Id)).status).toBe(0);
    await sides('1.10100', '1.10120');
    expect(await stored(o.Id)).toMatchObject({ status: 1, price: '1.101' });
    await bed.engine.close(u, o.Id);
  });

  it('a sell stop watches the bid: it fills while the ask is still above the target', async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, pending(2, '1.09950'), null);
    await sides('1.09950', '1.09970');
    expect(await stored(o.Id)).toMatchObject({ status: 1, price: '1.0995' });
    await bed.engine.close(u, o.Id);
  });
});

describe('trailing stops follow the closing side', () => {
  it("a buy's trailing stop follows the bid, not the ask", async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, buy(), null);
    const set = await bed.engine.setStops(u, o.Id, '0', '0', '0.00100');
    expect(set.TargetLossPrice).toBe('1.09900'); // bid − distance
    await sides('1.10050', '1.10300');
    expect((await stored(o.Id)).loss).toBe('1.0995');
    await sides('1.09950', '1.09990');
    expect(await stored(o.Id)).toMatchObject({ status: 3, reason: 'stop_loss', updatePrice: '1.0995' });
  });

  it("a sell's trailing stop follows the ask, not the bid", async () => {
    await sides('1.10000', '1.10020');
    const u = await user();
    const o = await bed.engine.submit(u, EUR, sell(), null);
    const set = await bed.engine.setStops(u, o.Id, '0', '0', '0.00100');
    expect(set.TargetLossPrice).toBe('1.10120'); // ask + distance
    await sides('1.09700', '1.09950');
    expect((await stored(o.Id)).loss).toBe('1.1005');
    await sides('1.10010', '1.10050');
    expect(await stored(o.Id)).toMatchObject({ status: 3, reason: 'stop_loss', updatePrice: '1.1005' });
  });
});

describe('stop-out on the closing side', () => {
  it('a sell is marked and stopped out at the ask: a spread the bid alone would not show takes it under 50 %', async () => {
    await sides('1.10000', '1.10020');
    // 1 lot sold at 1.10000: margin 1100, fee 1.1. Equity 1498.9 + floating; stop-out at ≤ 550 (50 % of 1100).
    const u = await user('1500');
    const o = await bed.engine.submit(u, EUR, sell(), null);
    // At the bid the loss would be 900 (equity 598.9, above the level); at the ask it is 960 (538.9, below).
    await sides('1.10900', '1.10960');
    expect(await stored(o.Id)).toMatchObject({ status: 3, reason: 'stop_out', updatePrice: '1.1096' });
    await expectLedgerInvariants(bed.ctx.db, u);
  });

  it('a buy is stopped out at the bid', async () => {
    await sides('1.10000', '1.10020');
    // Bought at 1.10020: margin 1100.2, fee 1.1002; equity 1498.8998 + floating; stop-out at ≤ 550.1.
    const u = await user('1500');
    const o = await bed.engine.submit(u, EUR, buy(), null);
    await sides('1.09060', '1.09200'); // at the bid: −960 → 538.8998 (at the ask it would be −820: 678.8998)
    expect(await stored(o.Id)).toMatchObject({ status: 3, reason: 'stop_out', updatePrice: '1.0906' });
    await expectLedgerInvariants(bed.ctx.db, u);
  });
});
