// The engine's view of the instrument catalog (the market's instruments table): trading terms only. Disabled
// instruments are loaded too, so their existing orders still show and close, but they take no new orders.
import type { Queryable } from '../db/db.ts';
import { INSTRUMENT_COLUMNS, instrumentFromRow } from '../market/instruments.ts';
import type { EngineInstrument } from './types.ts';

type Row = Parameters<typeof instrumentFromRow>[0] & { tradable: boolean };

export async function loadEngineInstruments(q: Queryable): Promise<EngineInstrument[]> {
  const rows = await q.query<Row>(
    `SELECT ${INSTRUMENT_COLUMNS}, (i.enabled AND c.enabled) AS tradable
     FROM instruments i JOIN categories c ON c.id = i.category_id`,
  );
  return rows.map((r) => {
    const m = instrumentFromRow(r);
    return {
      id: m.id,
      code: m.code,
      showCode: m.showCode,
      pricePrecision: m.pricePrecision,
      pip: m.pip,
      minLots: m.minCont,
      multiples: m.multiples,
      spec: { MarginMode: m.marginMode, ForexContNum: m.contNum, ForexFeeRate: m.feeRate },
      tradable: r.tradable === true,
    };
  });
}
