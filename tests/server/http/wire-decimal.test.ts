// The response schemas' decimal (server/http/wire-schema.ts) is the app's one decimal rule
// (domain/numerics/decimal-pattern.ts), digit cap included. The instruments table's fee_rate is an unbounded
// NUMERIC that the market's catalog passes to trade_list as it is: a 400-digit rate there is answered by the real
// route, and the server tests' response check (server/http/response-check.ts) refuses that answer as not matching
// the API document. Without the cap in the schema it would pass unnoticed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instrument } from '../../../domain/types.ts';
import type { MarketInstrument } from '../../../server/market/instrument-catalogue.ts';
import { api, startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
});

afterAll(async () => {
  await server?.close();
});

describe('a decimal on the wire', () => {
  it('a 400-digit rate in an answer breaks the API document; a 30-digit one does not', async () => {
    const market = server.ctx.market as unknown as { list: readonly MarketInstrument[] };
    const eurusd = market.list.find((i) => i.code === 'EURUSD') as { feeRate: string } | undefined;
    if (!eurusd) throw new Error('no EURUSD in the catalog');
    const kept = eurusd.feeRate;
    const list = () => api(server.baseUrl).get<Instrument[]>('/v1/api/forex/trade_list', { searchCurrency: 'EURUSD' });

    eurusd.feeRate = `0.${'0'.repeat(29)}1`; // 30 decimals: the cap itself
    expect((await list()).data.find((i) => i.Code === 'EURUSD')?.ForexFeeRate).toBe(eurusd.feeRate);
    expect(server.violations).toEqual([]);

    eurusd.feeRate = `1${'0'.repeat(399)}`;
    const huge = await list();
    expect(huge.data.find((i) => i.Code === 'EURUSD')?.ForexFeeRate).toHaveLength(400);
    expect(server.violations).toHaveLength(1);
    expect(server.violations[0]?.url).toContain('/v1/api/forex/trade_list');
    expect(server.violations[0]?.problem).toMatch(/ForexFeeRate must match pattern/);
    server.violations.length = 0; // seen here: the closing check is for answers nobody expected
    eurusd.feeRate = kept;
  });
});
