// A provider's statistics from the real ledger: two providers make the same trades,
// sized to their equity; one deposits in the middle. Their time-weighted returns are equal to the last decimal, the
// money-weighted gain is not — deposits cannot game the ranking. The risk score follows the formula of
// docs/copy-trading.md from the account's own positions.
import { describe, expect, it } from 'vitest';
import { dec } from '../../../domain/decimal.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { providerStatistics } from '../../../server/copy/statistics.ts';
import { marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { balanceOf, trader } from './copy-support.ts';

const EUR = 9001;
const bed = useEngineBed();

async function roundTrip(userId: number, cont: string, from: string, to: string): Promise<void> {
  bed.market.setPrice('TSTEUR', from);
  await bed.engine.idle();
  const o = await bed.engine.submit(userId, EUR, marketBuy({ cont }), null);
  bed.market.setPrice('TSTEUR', to);
  await bed.engine.idle();
  await bed.engine.close(userId, o.Id);
}

describe('provider statistics', () => {
  it('give the same time-weighted return with a deposit in the middle as without it', async () => {
    const plain = await trader(bed, '1000');
    const deposited = await trader(bed, '1000');
    for (const u of [plain, deposited]) await roundTrip(u, '0.1', '1.10000', '1.11000');
    // The second provider doubles its money, then trades twice the lots: the same return on each dollar.
    const balance = await balanceOf(bed, deposited);
    await move(bed.ctx.db, deposited, {
      balance,
      type: RecordType.DEPOSIT,
      memo: 'deposit',
      at: bed.ctx.clock.now(),
    });
    await roundTrip(plain, '0.1', '1.10000', '1.10500');
    await roundTrip(deposited, '0.2', '1.10000', '1.10500');
    const now = bed.ctx.clock.now();
    const a = await providerStatistics(bed.ctx.db, plain, now, '0');
    const b = await providerStatistics(bed.ctx.db, deposited, now, '0');
    expect(a.returns.all.gt(0)).toBe(true);
    expect(b.returns.all.toFixed()).toBe(a.returns.all.toFixed());
    expect(b.returns.d7.toFixed()).toBe(a.returns.d7.toFixed());
    expect([a.trades, b.trades]).toEqual([2, 2]);
    expect(a.winRate.toFixed()).toBe('1');
    expect(b.risk).toBe(a.risk); // the same leverage on each dollar, the same daily returns
    // Yet its money is exactly twice the other's: the deposit and the doubled second trade, nothing else.
    expect(await balanceOf(bed, deposited)).toBe(
      dec(await balanceOf(bed, plain))
        .times(2)
        .toFixed(),
    );
  });

  it('score the risk from volatility, leverage used and concentration: 10 for a bold trader, 3 for a calm one', async () => {
    const bold = await trader(bed, '1000');
    const calm = await trader(bed, '1000');
    // 0.5 lots ×100 on 1,000 USD: notional 55,000 (leverage 55, full), +500 in a day (volatility full), one instrument.
    await roundTrip(bold, '0.5', '1.10000', '1.11000');
    // 0.01 lots: leverage 1.1 → 0.3 × 0.055; +1 USD in a day → 0.5 × 0.002; one instrument → 0.2: 1 + round(1.96).
    await roundTrip(calm, '0.01', '1.10000', '1.10100');
    const now = bed.ctx.clock.now();
    expect((await providerStatistics(bed.ctx.db, bold, now, '0')).risk).toBe(10);
    expect((await providerStatistics(bed.ctx.db, calm, now, '0')).risk).toBe(3);
    const idle = await trader(bed, '1000');
    expect((await providerStatistics(bed.ctx.db, idle, now, '0')).risk).toBe(1);
  });
});
