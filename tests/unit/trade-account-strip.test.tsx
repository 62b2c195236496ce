// /trade's account strip: nothing for a visitor; for a signed-in trader it hands the positions to the feed
// (startOrders, stopped on unmount) and shows floating P&L and equity as live text from the feed's account figures.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const stopOrders = vi.fn();
vi.mock('../../src/state/orders.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/state/orders.ts')>();
  return { ...real, startOrders: vi.fn(() => stopOrders) };
});
vi.mock('../../src/api/instruments.ts', () => ({ refreshTradeList: vi.fn() }));

const { startOrders, $livePositions, startOrderListeners } = await import('../../src/state/orders.ts');
startOrderListeners(); // src/app/start.ts does this in the app
const { $account } = await import('../../src/state/feed-signals.ts');
const { $token } = await import('../../src/state/session.ts');
const { initI18n } = await import('../../src/i18n/index.ts');
const { AccountStrip } = await import('../../src/pages/trade/account-strip.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

function render(): void {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<AccountStrip />));
}

const field = (name: string) => host.querySelector<HTMLElement>(`[data-field="${name}"]`);

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  act(() => {
    $token.value = null;
    $account.value = null;
    $livePositions.value = false;
  });
  vi.mocked(startOrders).mockClear();
  stopOrders.mockClear();
});

describe('AccountStrip', () => {
  it('shows nothing and loads nothing for a visitor', () => {
    render();
    expect(host.querySelector('.tr-account')).toBeNull();
    expect(startOrders).not.toHaveBeenCalled();
  });

  it('follows the feed’s floating P&L and equity for a signed-in trader, and stops following on unmount', () => {
    act(() => {
      $token.value = 't';
    });
    render();
    expect(startOrders).toHaveBeenCalledTimes(1);
    act(() => {
      $livePositions.value = true;
      $account.value = { positions: [], floating: '12.5', equity: '10012.5', riskRate: null };
    });
    expect(field('trade-floating')?.textContent).toBe('+12.500000');
    expect(field('trade-floating')?.dataset.dir).toBe('up');
    expect(field('trade-equity')?.textContent).toBe('10,012.50');
    act(() => {
      $account.value = { positions: [], floating: '-3', equity: '9997', riskRate: null };
    });
    expect(field('trade-floating')?.textContent).toBe('-3.000000');
    expect(field('trade-floating')?.dataset.dir).toBe('down');
    act(() => root?.unmount());
    root = null;
    expect(stopOrders).toHaveBeenCalledTimes(1);
  });
});
