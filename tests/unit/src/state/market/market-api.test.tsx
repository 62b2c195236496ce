// src/api/instruments.ts and the submit of src/api/trading.ts: request shapes, and refreshTradeList's store + idb cache
// (a returning user sees the market at once).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { get, set, del } from 'idb-keyval';
import type { Instrument } from '../../../../../domain/types.ts';
import { TRADE_LIST_KEY } from '../../../../../domain/stored-keys.ts';
import { listed } from '../../../../fixtures/instruments.ts';

vi.mock('../../../../../src/api/client.ts', () => {
  class ApiFailure extends Error {
    constructor(
      readonly code: number,
      readonly msg: string,
      readonly transport: string | null = null,
    ) {
      super(msg);
    }
  }
  return { apiGet: vi.fn(), apiRequest: vi.fn(), ApiFailure, CODE_NETWORK: -1 };
});

const { apiGet, apiRequest, ApiFailure } = await import('../../../../../src/api/client.ts');
const { $instruments } = await import('../../../../../src/state/market/instruments.ts');
const { quote } = await import('../../../../../src/state/market/quotes.ts');
const api = await import('../../../../../src/api/instruments.ts');
const trading = await import('../../../../../src/api/trading.ts');
const retail = await import('../../../../../src/api/retail.ts');

function inst(code: string, close = '1.5'): Instrument {
  return listed(code, code.charCodeAt(0), {
    ForexQuotations: { Open: '1', Close: close, Change: '1', High: '2', Low: '1', Time: Date.UTC(2025, 0, 1) },
  });
}

beforeEach(async () => {
  vi.mocked(apiGet).mockReset();
  vi.mocked(apiRequest).mockReset();
  $instruments.value = [];
  await del(TRADE_LIST_KEY);
});

describe('endpoints', () => {
  it("reads the retail terms' forex_id as each offer's instrumentId", async () => {
    const offer = { asset_class: 'fx' as const, cap: 30, multiples: [10, 30] };
    vi.mocked(apiGet).mockResolvedValue({
      category: 'retail',
      questionnaire: 'passed',
      leverage: [{ forex_id: 3, ...offer }],
    });
    expect(await retail.retailTerms()).toEqual({
      category: 'retail',
      questionnaire: 'passed',
      leverage: [{ instrumentId: 3, ...offer }],
    });
    expect(vi.mocked(apiGet).mock.lastCall?.[0]).toBe('/v1/api/retail/terms');
  });

  it('searches trade_list with searchCurrency and reads the categories', async () => {
    vi.mocked(apiGet).mockResolvedValue([]);
    await api.searchInstruments('EUR');
    expect(apiGet).toHaveBeenLastCalledWith('/v1/api/forex/trade_list', { searchCurrency: 'EUR' }, { toast: false });
    await api.categories();
    expect(vi.mocked(apiGet).mock.lastCall?.[0]).toBe('/v1/api/forex/getCategories');
  });

  const keyOf = (call: unknown[] | undefined): unknown =>
    (call?.[0] as { headers: Record<string, string> } | undefined)?.headers['idempotency-key'];

  it('submits an order as GET /v1/api/forex/submit under the wire field names with a fresh idempotency key', async () => {
    vi.mocked(apiRequest).mockResolvedValue({ code: 1, msg: 'success', data: { Id: 1 } });
    const params = {
      type: 2 as const,
      cont: '0.05',
      forex_id: 7,
      status: 0 as const,
      target_price: '1.07',
      stop_loss_price: '0',
      target_profit_price: '1.01',
      multiple: 50,
    };
    const order = {
      side: 2 as const,
      lots: '0.05',
      instrumentId: 7,
      status: 0 as const,
      targetPrice: '1.07',
      stopLossPrice: '0',
      takeProfitPrice: '1.01',
      leverage: 50,
    };
    expect(await trading.submitOrder(order)).toEqual({ Id: 1 });
    const first = vi.mocked(apiRequest).mock.lastCall;
    expect(first?.[0]).toMatchObject({ method: 'get', url: '/v1/api/forex/submit', params });
    expect(keyOf(first)).toMatch(/^[0-9a-f]{32}$/);
    await trading.submitOrder(order);
    expect(keyOf(vi.mocked(apiRequest).mock.lastCall)).not.toBe(keyOf(first));
  });

  it('retries once with the same key when the answer was lost; a refusal is not retried', async () => {
    const params = {
      side: 1 as const,
      lots: '0.1',
      instrumentId: 1,
      status: 1 as const,
      targetPrice: '0',
      stopLossPrice: '0',
      takeProfitPrice: '0',
      leverage: 100,
    };
    vi.mocked(apiRequest)
      .mockRejectedValueOnce(new ApiFailure(-1, 'network', 'ECONNABORTED'))
      .mockResolvedValueOnce({ code: 1, msg: 'success', data: { Id: 9 } });
    expect(await trading.submitOrder(params)).toEqual({ Id: 9 });
    const calls = vi.mocked(apiRequest).mock.calls;
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[0])).toBe(keyOf(calls[1]));

    vi.mocked(apiRequest).mockReset();
    vi.mocked(apiRequest).mockRejectedValueOnce(new ApiFailure(0, 'Insufficient balance'));
    await expect(trading.submitOrder(params)).rejects.toThrow('Insufficient balance');
    expect(vi.mocked(apiRequest).mock.calls).toHaveLength(1);
  });
});

describe('refreshTradeList', () => {
  it('loads the list into the store and the idb cache', async () => {
    const list = [inst('AAA'), inst('BBB')];
    vi.mocked(apiGet).mockResolvedValue(list);
    await api.refreshTradeList();
    expect($instruments.value).toEqual(list);
    expect(quote('AAA').$close.value).toBe('1.50');
    expect(await get(TRADE_LIST_KEY)).toEqual(list);
  });

  it('shows the cached list at once while the network is slow', async () => {
    const cached = [inst('CCC', '2.25')];
    await set(TRADE_LIST_KEY, cached);
    let answer: (v: Instrument[]) => void = () => undefined;
    vi.mocked(apiGet).mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const done = api.refreshTradeList();
    await vi.waitFor(() => expect($instruments.value.map((i) => i.Code)).toEqual(['CCC']));

    const fresh = [inst('CCC', '2.5'), inst('DDD')];
    answer(fresh);
    await done;
    expect($instruments.value).toEqual(fresh);
  });

  it('never lets the cache overwrite a list the network already delivered', async () => {
    $instruments.value = [inst('NEW')];
    await set(TRADE_LIST_KEY, [inst('OLD')]);
    expect(await api.restoreCachedTradeList()).toBe(false);
    expect($instruments.value.map((i) => i.Code)).toEqual(['NEW']);
  });

  it('keeps what is shown when the refresh fails, and shares one request between concurrent calls', async () => {
    $instruments.value = [inst('KEEP')];
    vi.mocked(apiGet).mockRejectedValue(new Error('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [a, b] = await Promise.all([api.refreshTradeList(), api.refreshTradeList()]);
    warn.mockRestore();
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(a.map((i) => i.Code)).toEqual(['KEEP']);
    expect(b).toBe(a);
    expect($instruments.value.map((i) => i.Code)).toEqual(['KEEP']);
  });
});
