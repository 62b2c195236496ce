// Packed rows (server/db/packed-rows.ts) read back exactly what a plain SELECT does on the active backend: the batched
// order reads of copy trading's mirror give the same rows as the single-order ones.
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../server/accounts/create-user.ts';
import { PackedRows } from '../../../server/db/packed-rows.ts';
import { finishOrders, getOrder, insertOrders, lockHoldings } from '../../../server/engine/orders-repository.ts';
import { useTestServer } from '../support/harness.ts';

const used = useTestServer({ market: { manual: true } });
const db = () => used.server.ctx.db;
const NOW = Date.UTC(2026, 0, 6, 12);

describe('packed rows', () => {
  it('keep NUMERIC and BIGINT as exact text, INTEGER as numbers, NULL as null, and text with quotes', async () => {
    const packed = new PackedRows<{ n: string; b: string; i: number; z: string | null; t: string }>([
      'n::text',
      'b::text',
      'i',
      'z::text',
      't',
    ]);
    const rows = await packed.query(
      db(),
      `SELECT ${packed.select('v')} FROM (VALUES (12345678901234567.12345678::numeric, 9007199254740993::bigint, 42,
         NULL::numeric, 'a "quoted" \\ line')) AS v(n, b, i, z, t)`,
      [],
    );
    expect(rows).toEqual([
      { n: '12345678901234567.12345678', b: '9007199254740993', i: 42, z: null, t: 'a "quoted" \\ line' },
    ]);
  });

  it('give the batched order reads the rows a single read gives', async () => {
    const userId = await db().tx((q) => createUser(q, { passwordHash: '' }, NOW));
    const inst = (await db().query<{ id: number }>('SELECT id FROM instruments ORDER BY id LIMIT 1'))[0]?.id ?? 0;
    const base = {
      userId,
      instrumentId: inst,
      orderType: 1 as const,
      leverage: 100,
      originPrice: '1.10000',
      targetLossPrice: '1.05',
      targetProfitPrice: '0',
      status: 1 as const,
      now: NOW,
    };
    const made = await db().tx((q) =>
      insertOrders(q, [
        { ...base, quantity: '0.1', price: '1.1', margin: '110.5', tradeFee: '0.25' },
        { ...base, quantity: '2.50', price: '1.123450', margin: '2808.625', tradeFee: '1' },
      ]),
    );
    const read = await Promise.all(made.map((o) => getOrder(db(), o.id)));
    expect(made).toEqual(read);
    const ids = made.map((o) => o.id);
    const locked = await db().tx((q) => lockHoldings(q, ids));
    expect([...locked.values()]).toEqual(read);
    const closed = await db().tx((q) =>
      finishOrders(
        q,
        made.map((o) => ({ id: o.id, updatePrice: '1.2', factProfits: '-3.5' })),
        'user',
        NOW + 1,
      ),
    );
    expect(closed).toEqual(await Promise.all(ids.map((id) => getOrder(db(), id))));
    expect(closed.map((o) => [o.status, o.factProfits, o.completedAt])).toEqual([
      [3, '-3.50000000', NOW + 1],
      [3, '-3.50000000', NOW + 1],
    ]);
  });
});
