// /product: debounced instrument search over trade_list?searchCurrency=, a tap opens /trade.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { Instrument } from '../../../../../domain/types.ts';
import { listed } from '../../../../fixtures/instruments.ts';
import { installListLayout } from '../../../../fixtures/list-layout.ts';
import { mounted, mountInRouter, typeInSearch, unmountMounted } from '../../../router-mount.tsx';

vi.mock('../../../../../src/api/instruments.ts', () => ({ searchInstruments: vi.fn(), refreshTradeList: vi.fn() }));

const { searchInstruments } = await import('../../../../../src/api/instruments.ts');
const { $currentCode } = await import('../../../../../src/state/market/current-code.ts');
const { setInstruments } = await import('../../../../../src/state/market/instruments.ts');
const { setNavigator } = await import('../../../../../src/state/shell/navigator.ts');
const { initI18n, i18n } = await import('../../../../../src/i18n/index.ts');
const { InstrumentSearch: ProductPage, SEARCH_DEBOUNCE_MS } =
  await import('../../../../../src/pages/product/product-page.tsx');
const { loadVirtualizer } = await import('../../../../../src/components/instrument/lazy-virtualizer.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const inst = (code: string): Instrument => listed(code, code.length);

let restoreLayout: () => void = () => undefined;

beforeAll(async () => {
  // The lists' virtualiser is a chunk the app asks for at start-up (src/boot/attach-first-screen.ts, startDeferred).
  await loadVirtualizer();
  restoreLayout = installListLayout({ width: 360, height: 600 });
  await initI18n({ cookies: 'lang=en' });
});

afterAll(() => restoreLayout());

const navigate = vi.fn();
const view = mounted;
const render = (): Promise<void> => mountInRouter(<ProductPage />);
const type = typeInSearch;

const codes = () => Array.from(view().querySelectorAll<HTMLElement>('.mk-row')).map((r) => r.dataset.code);

beforeEach(() => {
  vi.useFakeTimers();
  setNavigator({ navigate, path: () => '/product' });
  act(() => setInstruments([inst('EURUSD'), inst('XAUUSD'), inst('BTCUSDT')]));
});

afterEach(() => {
  unmountMounted();
  vi.useRealTimers();
  vi.mocked(searchInstruments).mockReset();
  navigate.mockClear();
  setNavigator(null);
});

describe('ProductPage', () => {
  it('lists every instrument before anything is typed', async () => {
    await render();
    expect(codes()).toEqual(['EURUSD', 'XAUUSD', 'BTCUSDT']);
  });

  it('asks the server once per pause in typing and shows its answer', async () => {
    vi.mocked(searchInstruments).mockResolvedValue([inst('XAUUSD')]);
    await render();
    await type('X');
    await type('XA');
    await type('XAU');
    expect(searchInstruments).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(searchInstruments).toHaveBeenCalledTimes(1);
    expect(searchInstruments).toHaveBeenCalledWith('XAU');
    expect(codes()).toEqual(['XAUUSD']);
  });

  it('asks nothing when the box is cleared within the quiet time, and lists every instrument again', async () => {
    await render();
    await type('XAU');
    await type('');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(searchInstruments).not.toHaveBeenCalled();
    expect(codes()).toEqual(['EURUSD', 'XAUUSD', 'BTCUSDT']);
  });

  it('shows the empty state when nothing matches', async () => {
    vi.mocked(searchInstruments).mockResolvedValue([]);
    await render();
    await type('ZZZ');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(view().textContent).toContain(i18n.t('market.no_results'));
  });

  it('opens /trade with the tapped instrument as the current one', async () => {
    await render();
    await act(async () => view().querySelector<HTMLButtonElement>('.mk-row[data-code="BTCUSDT"]')?.click());
    expect($currentCode.value).toBe('BTCUSDT');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/trade', undefined)); // after the press paints
  });
});
