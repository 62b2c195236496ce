// /trade's account strip: nothing for a visitor; for a signed-in trader it hands the positions to the feed
// (startOrders, stopped on unmount) and shows floating P&L and equity as live text from the feed's account figures.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, Profiler } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const stopOrders = vi.fn();
vi.mock('../../../../../src/state/orders/orders.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../../src/state/orders/orders.ts')>();
  return { ...real, startOrders: vi.fn(() => stopOrders) };
});
vi.mock('../../../../../src/api/instruments.ts', () => ({ refreshTradeList: vi.fn() }));
vi.mock('../../../../../src/i18n/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../../src/i18n/index.ts')>();
  return { ...real, translate: vi.fn(real.translate) };
});

const { startOrders, $livePositions, $funds, startOrderListeners } =
  await import('../../../../../src/state/orders/orders.ts');
const { $lastAccount } = await import('../../../../../src/state/account/account-cache.ts');
const { formatAsOf } = await import('../../../../../src/i18n/format.ts');
startOrderListeners(); // src/app/start/start.ts does this in the app
const { $account } = await import('../../../../../src/state/feed/feed-signals.ts');
const { $token } = await import('../../../../../src/state/account/session.ts');
const { initI18n } = await import('../../../../../src/i18n/index.ts');
const { translate } = await import('../../../../../src/i18n/index.ts');
const { AccountStrip } = await import('../../../../../src/pages/trade/account-strip.tsx');

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
    $lastAccount.value = null;
    $funds.value = null;
  });
  vi.useRealTimers();
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
      $account.value = { positions: [], floating: '12.5', equity: '10012.5', riskRate: null, stopOutDistance: null };
    });
    expect(field('trade-floating')?.textContent).toBe('+12.50');
    expect(field('trade-floating')?.dataset.dir).toBe('up');
    expect(field('trade-equity')?.textContent).toBe('10,012.50');
    act(() => {
      $account.value = { positions: [], floating: '-3', equity: '9997', riskRate: null, stopOutDistance: null };
    });
    expect(field('trade-floating')?.textContent).toBe('-3.00');
    expect(field('trade-floating')?.dataset.dir).toBe('down');
    act(() => root?.unmount());
    root = null;
    expect(stopOrders).toHaveBeenCalledTimes(1);
  });

  it("answers a tick with text only: the figures' text nodes change, no element, attribute or React render", async () => {
    act(() => {
      $token.value = 't';
      $livePositions.value = true;
      $account.value = { positions: [], floating: '12.5', equity: '10012.5', riskRate: null, stopOutDistance: null };
    });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const commits: string[] = [];
    act(() =>
      root?.render(
        <Profiler id="strip" onRender={(_id, phase) => commits.push(phase)}>
          <AccountStrip />
        </Profiler>,
      ),
    );
    commits.length = 0;
    const seen: string[] = [];
    const mo = new MutationObserver((records) =>
      records.forEach((r) => seen.push(r.type === 'attributes' ? `attributes:${r.attributeName ?? ''}` : r.type)),
    );
    mo.observe(host, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const [floating, equity] of [
      ['13.25', '10013.25'],
      ['14', '10014'],
      ['9.5', '10009.5'],
    ] as const)
      act(() => {
        $account.value = { positions: [], floating, equity, riskRate: null, stopOutDistance: null };
      });
    await Promise.resolve(); // mutation records are delivered in a microtask
    mo.disconnect();
    // Three ticks, two figures each: six text writes, nothing else (the P&L kept its sign: no data-dir write) but the
    // width of the P&L's fixed box once, when '+14.00' became '+9.50' (one character fewer: live-text.css).
    expect(seen.filter((m) => m === 'characterData')).toHaveLength(6);
    expect(seen.filter((m) => m !== 'characterData')).toEqual(['attributes:style']);
    expect(commits).toEqual([]);
    expect(field('trade-equity')?.textContent).toBe('10,009.50');
  });

  it('moves the stop-out distance on a tick without translating its sentence again', () => {
    const HELD = { Id: 1, current: '1.08', pnl: '0', netValue: '', riskRate: null };
    act(() => {
      $token.value = 't';
      $livePositions.value = true;
      $funds.value = { balance: '1000', lock_balance: '0', margin: '100' };
      $account.value = { positions: [HELD], floating: '0', equity: '1000', riskRate: '10', stopOutDistance: '950' };
    });
    render();
    expect(field('trade-stop-out')?.textContent).toBe(
      'A further loss of 950.00 USD closes your positions (stop-out at 50%)',
    );
    vi.mocked(translate).mockClear();
    act(() => {
      // The feed's figure as it is: one that 800 − 100 × 0.5 on this thread would not give shows it is not recomputed.
      $account.value = { positions: [HELD], floating: '-200', equity: '800', riskRate: '8', stopOutDistance: '749.5' };
    });
    expect(field('trade-stop-out')?.textContent).toBe(
      'A further loss of 749.50 USD closes your positions (stop-out at 50%)',
    );
    expect(translate).not.toHaveBeenCalled();
  });

  it("paints the last-known figures muted with their age until the server's balance replaces them", () => {
    const at = Date.parse('2026-11-18T14:02:00Z');
    vi.useFakeTimers({ now: at + 60_000, toFake: ['Date'] });
    act(() => {
      $token.value = 't';
      $lastAccount.value = {
        owner: 1,
        at,
        funds: { balance: '1000', lock_balance: '50', margin: '50' },
        floating: '-12.5',
        positions: [],
      };
    });
    render();
    expect(field('trade-equity')?.textContent).toBe('1,037.50');
    expect(field('trade-floating')?.textContent).toBe('-12.50');
    expect(field('account-as-of')?.textContent).toBe(`as of ${formatAsOf(at, at + 60_000)}`);
    expect(host.querySelector<HTMLElement>('.tr-account')?.dataset.stale).toBe('true');
    act(() => {
      $funds.value = { balance: '2000', lock_balance: '0', margin: '0' };
      $lastAccount.value = null; // account-cache.ts does this when the live balance arrives
    });
    expect(field('account-as-of')).toBeNull();
    expect(host.querySelector<HTMLElement>('.tr-account')?.dataset.stale).toBe('false');
  });
});
