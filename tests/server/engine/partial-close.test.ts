// Partial close and close-all in-process against the real database (TEST_DB=pglite and postgres): the
// money of a partial close to the last decimal against a hand-worked example and the ledger invariants, refusals that
// change nothing, another user's orders refused, and a close-all that goes on past a position it cannot close.
import { describe, expect, it } from 'vitest';
import {
  fundedUser,
  ledgerCheck,
  marketBuy,
  errorKey,
  useEngineBed,
  expectLedgerInvariants,
} from '../support/engine-helpers.ts';

const bed = useEngineBed({ prices: { TSTXAG: '30.000' } });

const EUR = 9001;
const XAG = 9002;
const order = marketBuy;
const keyOf = errorKey;

async function tick(code: string, p: string): Promise<void> {
  bed.market.setPrice(code, p);
  await bed.engine.idle();
}

const expectInvariants = (userId: number): Promise<void> => expectLedgerInvariants(bed.ctx.db, userId);

describe('partial close', () => {
  it('closes N lots: the hand-worked example to the last decimal, one transaction, invariants hold', async () => {
    // Worked by hand: 0.07 lots TST/EUR (100 000 units a lot) at 1.10003, leverage 100, fee rate 0.001 of the margin.
    //   margin = 0.07 × 100000 × 1.10003 / 100 = 77.0021          fee = 77.0021 × 0.001 = 0.0770021 → 0.077002
    // Close 0.03 lots at 1.10103:
    //   margin share = 77.0021 × 3/7 = 33.0009 (exact)            rest 44.0012
    //   fee share    = 0.077002 × 3/7 = 0.0330008571… → 0.033001  rest 0.044001
    //   P&L          = (1.10103 − 1.10003) × 0.03 × 100000 = 3
    //   balance      = 10000 − 77.0021 − 0.077002 + 33.0009 + 3 = 9958.921798; locked 44.0012
    await tick('TSTEUR', '1.10003');
    const u = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const o = await bed.engine.submit(
      u,
      EUR,
      order({ cont: '0.07', stop_loss_price: '1.09000', target_profit_price: '1.12000' }),
      null,
    );
    expect(o.CautionMoney).toBe('77.002100');
    expect(o.TradeFee).toBe('0.077002');
    await tick('TSTEUR', '1.10103');
    const records = async (): Promise<number> =>
      Number(
        (
          await bed.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM financial_records WHERE user_id = $1', [u])
        )[0]?.n,
      );
    const before = await records();
    const closed = await bed.engine.close(u, o.Id, '0.03');
    expect(closed.Id).not.toBe(o.Id);
    expect(closed.Status).toBe(3);
    expect(closed.Quantity).toBe('0.03');
    expect(closed.CautionMoney).toBe('33.000900');
    expect(closed.TradeFee).toBe('0.033001');
    expect(closed.FactProfits).toBe('3.000000');
    expect(closed.UpdatePrice).toBe('1.10103');
    expect(await records()).toBe(before + 2); // margin released + P&L realised
    const rest = bed.push
      .of(u)
      .filter((m) => m.type === 'FOREX_TRADE' && m.data.Id === o.Id)
      .at(-1);
    expect(rest?.type === 'FOREX_TRADE' ? rest.data : null).toMatchObject({
      Status: 1,
      Quantity: '0.04',
      CautionMoney: '44.001200',
      TradeFee: '0.044001',
      TargetLossPrice: '1.09000',
      TargetProfitPrice: '1.12000', // the stops stay with the rest
    });
    const c = await ledgerCheck(bed.ctx.db, u);
    expect(c.balance).toBe('9958.921798');
    expect(c.lock).toBe('44.0012');
    await expectInvariants(u);
    // The rest still closes by its stop, for its own lots: (1.12 − 1.10003) × 0.04 × 100000 = 79.88.
    await tick('TSTEUR', '1.12000');
    const [row] = await bed.ctx.db.query<{ status: number; fact_profits: string }>(
      'SELECT status, fact_profits FROM orders WHERE id = $1',
      [o.Id],
    );
    expect(Number(row?.status)).toBe(3);
    expect(Number(row?.fact_profits)).toBe(79.88);
    await expectInvariants(u);
    await tick('TSTEUR', '1.10000');
  });

  it('refuses bad lots and another user, and changes nothing', async () => {
    const u = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const thief = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const o = await bed.engine.submit(u, EUR, order({ cont: '0.1' }), null);
    const cases: Array<[string, string]> = [
      ['abc', 'lots_invalid'],
      ['-0.01', 'lots_invalid'],
      ['0', 'lots_invalid'],
      ['0.2', 'close_lots_too_many'],
      ['0.015', 'lots_step'],
      ['0.095', 'lots_step'],
      ['0.1000001', 'close_lots_too_many'],
    ];
    const before = await ledgerCheck(bed.ctx.db, u);
    for (const [lots, key] of cases) {
      await expect(bed.engine.close(u, o.Id, lots), lots).rejects.toSatisfy((e) => keyOf(e) === key);
    }
    await expect(bed.engine.close(thief, o.Id, '0.05')).rejects.toSatisfy((e) => keyOf(e) === 'order_not_found');
    expect(await ledgerCheck(bed.ctx.db, u)).toEqual(before);
    // All the lots is a full close of the order itself.
    const all = await bed.engine.close(u, o.Id, '0.1');
    expect(all.Id).toBe(o.Id);
    expect(all.Status).toBe(3);
  });

  it('keeps to a coarser lot step; the rest closes whole afterwards', async () => {
    const u = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const o = await bed.engine.submit(u, XAG, order({ cont: '0.3', multiple: 0 }), null); // min 0.1, step 0.1
    await expect(bed.engine.close(u, o.Id, '0.25')).rejects.toSatisfy((e) => keyOf(e) === 'lots_step');
    expect((await bed.engine.close(u, o.Id, '0.2')).Quantity).toBe('0.2');
    await bed.engine.close(u, o.Id);
    await expectInvariants(u);
  });
});

describe('close all', () => {
  it('closes every position in scope, each on its own; one that cannot close is listed and the others still close', async () => {
    const u = await fundedUser(bed.ctx.db, '20000', bed.ctx.clock.now());
    const thief = await fundedUser(bed.ctx.db, '1000', bed.ctx.clock.now());
    const a = await bed.engine.submit(u, EUR, order({ cont: '0.1' }), null);
    const b = await bed.engine.submit(u, XAG, order({ cont: '1', multiple: 0 }), null);
    const c = await bed.engine.submit(u, EUR, order({ cont: '0.2' }), null);
    const s = await bed.engine.submit(u, EUR, order({ type: 2, cont: '0.1' }), null);
    // Another user's close-all touches nothing of ours.
    expect(await bed.engine.closeAll(thief, {})).toEqual([]);
    bed.market.setOpen('TSTXAG', false);
    const longs = await bed.engine.closeAll(u, { side: 'buy' });
    bed.market.setOpen('TSTXAG', true);
    expect(longs.map((r) => [r.Id, r.ok, r.error])).toEqual([
      [a.Id, true, ''],
      [b.Id, false, 'market_closed'],
      [c.Id, true, ''],
    ]);
    expect(longs[0]?.order?.Status).toBe(3);
    await expectInvariants(u);
    // One instrument, then all.
    expect((await bed.engine.closeAll(u, { instrumentId: XAG })).map((r) => [r.Id, r.ok])).toEqual([[b.Id, true]]);
    expect((await bed.engine.closeAll(u, {})).map((r) => [r.Id, r.ok])).toEqual([[s.Id, true]]);
    const c2 = await ledgerCheck(bed.ctx.db, u);
    expect(c2.lock).toBe('0');
    await expectInvariants(u);
  });
});
