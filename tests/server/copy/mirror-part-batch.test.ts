// A provider's partial close and stops edit mirrored in chunks (TEST_DB=pglite and postgres; docs/copy-trading.md
// "Batching"): a mirror with chunks of two copies, so four copies take two transactions each time, every copy judged by
// its own rule — on TST/WID (minimum 0.1, step 0.01, no fee) a quarter closed of 0.4 lots, a part below the minimum
// skipped and told, a rest below the minimum closed whole; a stops edit at each follower's own distances, one past the
// follower's price skipped and told. The rows, ledger records, event numbers and notices are those the one-copy path
// wrote (worked by hand below), and a replay or the reconciliation job changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCopy } from '../../../server/copy/copy-accounts.ts';
import { CopyMirror } from '../../../server/copy/mirror.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { expectLedgerInvariants, marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { copyRow, depsOf, provider, recordsOf, trader, WIDE, writerDeps } from './copy-support.ts';

const bed = useEngineBed({ moreInstruments: [WIDE], prices: { TSTWID: '1.00000' } });
let mirror: CopyMirror;

beforeAll(() => {
  mirror = new CopyMirror(writerDeps(bed), undefined, 2);
  mirror.start();
});
afterAll(() => mirror.stop());

async function settle(): Promise<void> {
  await bed.engine.idle();
  await mirror.idle();
  await bed.engine.idle();
}

/** Every order row of the copy account (open and closed), in id order. */
const ordersOf = async (accountId: number) =>
  (
    await bed.ctx.db.query<{ q: string; m: string; s: number; up: string; fp: string; tp: string; sl: string }>(
      `SELECT quantity::text AS q, caution_money::text AS m, status AS s, update_price::text AS up,
              fact_profits::text AS fp, target_profit_price::text AS tp, target_loss_price::text AS sl
         FROM orders WHERE user_id = $1 ORDER BY id`,
      [accountId],
    )
  ).map((r) => [Number(r.q), Number(r.m), r.s, Number(r.up), Number(r.fp), Number(r.tp), Number(r.sl)]);

const actionsOf = async (copyId: number) =>
  (
    await bed.ctx.db.query<{ action: string; outcome: string; reason: string }>(
      'SELECT action, outcome, reason FROM copy_actions WHERE copy_id = $1 ORDER BY action',
      [copyId],
    )
  ).map((a) => `${a.action}:${a.outcome}:${a.reason}`);

const noticesOf = async (userId: number) =>
  (
    await bed.ctx.db.query<{ kind: string; payload: string }>(
      'SELECT kind, payload FROM notices WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).map((n) => {
    const p = JSON.parse(n.payload) as { lots?: string; reason_key?: string };
    return `${n.kind}:${p.lots ?? ''}:${p.reason_key ?? ''}`;
  });

/** Every ledger record of the account: its type, value and balance after, in order. */
const ledgerOf = async (userId: number) =>
  (
    await bed.ctx.db.query<{ type: number; value: string; after: string }>(
      'SELECT type, value::text AS value, balance_after::text AS after FROM financial_records WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).map((r) => `${r.type}:${Number(r.value)}:${Number(r.after)}`);

const seqOf = async (accountId: number): Promise<number> =>
  Number(
    (await bed.ctx.db.query<{ seq: string }>('SELECT seq FROM order_event_seq WHERE user_id = $1', [accountId]))[0]
      ?.seq ?? 0,
  );

const linkOf = async (copyId: number) =>
  (
    await bed.ctx.db.query<{ lots: string; stops: string; v: number; reason: string | null }>(
      `SELECT provider_lots::text AS lots, provider_stops AS stops, stops_version AS v, unlink_reason AS reason
         FROM copy_links WHERE copy_id = $1`,
      [copyId],
    )
  ).map((l) => `${Number(l.lots)} ${l.stops} v${l.v} ${l.reason ?? ''}`);

describe('a partial close and a stops edit mirrored in chunks', () => {
  it("keeps each copy's own rule, records and notices, once", async () => {
    const p = await provider(bed, '8000');
    const follow = async (amount: string, multiplier?: string, later = 0) => {
      const f = await trader(bed, amount);
      const deps = { ...depsOf(bed), clock: { now: () => bed.ctx.clock.now() + later } };
      const copyId = await startCopy(deps, f, { providerId: p, amount, multiplier, copyOpen: later > 0 });
      return { f, copyId, account: (await copyRow(bed, copyId)).account_id };
    };
    const quarter = await follow('2000', '2'); // 0.8 × 2000 ÷ 8000 × 2 = 0.4
    const small = await follow('2000'); // 0.2: a quarter 0.05 is below the minimum 0.1
    const rest = await follow('1200'); // 0.12: a quarter leaves 0.09, below the minimum: all of it closes
    const o = await bed.engine.submit(p, WIDE.id, marketBuy({ cont: '0.8', multiple: 100 }), null);
    await settle();
    // The price falls; a copy started now copies the open position at 0.98: 0.8 × 1600 ÷ 6400 = 0.2.
    bed.market.setPrice('TSTWID', '0.98000');
    const late = await follow('1600', undefined, 1000);
    await mirror.sync(o.Id);
    await settle();
    const all = [quarter, small, rest, late];
    expect(await Promise.all(all.map((c) => ordersOf(c.account)))).toEqual([
      [[0.4, 400, 1, 1, 0, 0, 0]],
      [[0.2, 200, 1, 1, 0, 0, 0]],
      [[0.12, 120, 1, 1, 0, 0, 0]],
      [[0.2, 196, 1, 0.98, 0, 0, 0]],
    ]);
    const seqs = await Promise.all(all.map((c) => seqOf(c.account)));

    bed.market.setPrice('TSTWID', '0.99000');
    await bed.engine.close(p, o.Id, '0.2'); // a quarter of 0.8
    await settle();
    expect(await Promise.all(all.map((c) => ordersOf(c.account)))).toEqual([
      // 0.1 closed at 0.99: margin 100 released, 0.1 × 100,000 × −0.01 = −100 realised; the rest keeps 0.3 and 300.
      [
        [0.3, 300, 1, 0.99, 0, 0, 0],
        [0.1, 100, 3, 0.99, -100, 0, 0],
      ],
      [[0.2, 200, 1, 1, 0, 0, 0]],
      [[0.12, 120, 3, 0.99, -120, 0, 0]],
      [[0.2, 196, 1, 0.98, 0, 0, 0]],
    ]);
    expect(await recordsOf(bed, quarter.account, RecordType.MARGIN_RELEASE)).toEqual(['100']);
    expect(await recordsOf(bed, quarter.account, RecordType.PROFIT)).toEqual(['-100']);
    expect(await recordsOf(bed, rest.account, RecordType.MARGIN_RELEASE)).toEqual(['120']);
    expect(await recordsOf(bed, rest.account, RecordType.PROFIT)).toEqual(['-120']);
    expect(await recordsOf(bed, small.account, RecordType.MARGIN_RELEASE)).toEqual([]);
    expect((await ledgerOf(quarter.account)).slice(-2)).toEqual([
      `${RecordType.MARGIN_RELEASE}:100:1700`,
      `${RecordType.PROFIT}:-100:1600`,
    ]);
    expect((await ledgerOf(rest.account)).slice(-2)).toEqual([
      `${RecordType.MARGIN_RELEASE}:120:1200`,
      `${RecordType.PROFIT}:-120:1080`,
    ]);
    // The rest's event number then the closed part's; the whole close one; a skip none.
    expect(await Promise.all(all.map((c) => seqOf(c.account)))).toEqual([
      (seqs[0] ?? 0) + 2,
      seqs[1],
      (seqs[2] ?? 0) + 1,
      seqs[3],
    ]);
    expect(await Promise.all(all.map((c) => actionsOf(c.copyId)))).toEqual([
      ['open:done:', 'part:0.6:done:'],
      ['open:done:', 'part:0.6:skipped:below_min_lot'],
      ['open:done:', 'part:0.6:done:'],
      ['open:done:', 'part:0.6:skipped:below_min_lot'],
    ]);
    expect(await Promise.all(all.map((c) => linkOf(c.copyId)))).toEqual([
      ['0.6 0/0 v0 '],
      ['0.6 0/0 v0 '],
      ['0.6 0/0 v0 closed_all'],
      ['0.6 0/0 v0 '],
    ]);

    // Stops at +0.005 and −0.05 from the provider's entry 1.00: 1.005 and 0.95 for the copies that entered at 1.00;
    // the late copy's 0.985 is below its price 0.99 already: skipped, told, its stops unchanged.
    await bed.engine.setStops(p, o.Id, '1.00500', '0.95000');
    await settle();
    expect(await Promise.all(all.map((c) => ordersOf(c.account)))).toEqual([
      [
        [0.3, 300, 1, 0.99, 0, 1.005, 0.95],
        [0.1, 100, 3, 0.99, -100, 0, 0],
      ],
      [[0.2, 200, 1, 0.99, 0, 1.005, 0.95]],
      [[0.12, 120, 3, 0.99, -120, 0, 0]],
      [[0.2, 196, 1, 0.98, 0, 0, 0]],
    ]);
    expect(await Promise.all(all.map((c) => seqOf(c.account)))).toEqual([
      (seqs[0] ?? 0) + 3,
      (seqs[1] ?? 0) + 1,
      (seqs[2] ?? 0) + 1,
      seqs[3],
    ]);
    expect((await actionsOf(late.copyId)).at(-1)).toBe('stops:1:skipped:stop_profit_above');
    expect(await Promise.all(all.map((c) => linkOf(c.copyId)))).toEqual([
      ['0.6 1.005/0.95 v1 '],
      ['0.6 1.005/0.95 v1 '],
      ['0.6 0/0 v0 closed_all'],
      ['0.6 1.005/0.95 v1 '],
    ]);
    // As the one-copy path tells them: a stops edit mirrored is told as one, of the position's lots, never as an open.
    expect(await Promise.all(all.map((c) => noticesOf(c.f)))).toEqual([
      ['copy_opened:0.4:', 'copy_closed:0.1:', 'copy_stops:0.3:'],
      ['copy_opened:0.2:', 'copy_skipped:0:copy.skip.below_min_lot', 'copy_stops:0.2:'],
      ['copy_opened:0.12:', 'copy_closed:0.12000000:'],
      ['copy_opened:0.2:', 'copy_skipped:0:copy.skip.below_min_lot', 'copy_skipped::copy.skip.stop_profit_above'],
    ]);

    // A replay of the provider's order and the reconciliation job change nothing.
    const before = await Promise.all(all.map((c) => ordersOf(c.account)));
    await mirror.sync(o.Id);
    await mirror.reconcile();
    await settle();
    expect(await Promise.all(all.map((c) => ordersOf(c.account)))).toEqual(before);
    for (const c of all) await expectLedgerInvariants(bed.ctx.db, c.account);
  });
});
