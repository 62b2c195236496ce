// The order form against docs/contract.md §5: lot stepper, stop boxes, multipliers, visitor redirect, blocked states, submit.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Instrument, AppOrder } from '../../../../../../domain/types.ts';
import type { OrderPreview, OrderPreviewInput } from '../../../../../../workers/protocol.ts';
import { instrument } from '../../../../../fixtures/instruments.ts';
import { provideFeed } from '../../../../../../src/state/feed/feed-bridge.ts';
import { stopStart } from '../../../../../../domain/order-rules.ts';
import { orderPathModules } from '../../../../order-path.ts';
import { fakeFeedHandle } from '../../../../feed-fakes.ts';

const answer = (input: OrderPreviewInput): OrderPreview => ({
  ok: true,
  reason: null,
  price: '1.08320',
  margin: input.leverage > 0 ? '541.6' : '1000',
  fee: '0.5416',
  pnlAtStopProfit: input.stopProfit ? '12.5' : null,
  pnlAtStopLoss: input.stopLoss ? '-7.25' : null,
  pipsToStopProfit: input.stopProfit ? '54.0' : null,
  pipsToStopLoss: input.stopLoss ? '12.5' : null,
  pendingKind: input.atPrice ? 'limit' : null,
});

// The feed answers a watched preview in its next frame batch, as the real one does.
const watchPreview = vi.fn(async (seq: number, input: OrderPreviewInput | null): Promise<void> => {
  if (!input) return;
  const { applyBatch } = await import('../../../../../../src/state/feed/apply-batch.ts');
  applyBatch({
    flushedAt: 0,
    quotes: null,
    quoteText: null,
    stale: null,
    conn: null,
    kline: null,
    account: null,
    preview: { seq, preview: answer(input) },
  });
});
const watched = () => watchPreview.mock.calls.filter(([, input]) => input !== null);

provideFeed(fakeFeedHandle({ watchPreview }));

const { submitOrder, toast, quote, $token, setNavigator, initI18n, i18n } = await orderPathModules();
const { OrderForm } = await import('../../../../../../src/pages/trade/order-ticket/order-form.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let seq = 0;
function inst(over: Partial<Instrument> = {}): Instrument {
  seq += 1;
  return instrument(`FORM${seq}`, 100 + seq, {
    ShowCode: `FORM/${seq}`,
    HasForexMultiple: [{ Value: 10 }, { Value: 50 }],
    ForexQuotations: { Open: '1.08', Close: '1.0832', Change: '0.3', High: '1.09', Low: '1.07', Time: 1 },
    ...over,
  });
}

const navigate = vi.fn();
let root: Root | null = null;
let host: HTMLElement;

function live(i: Instrument, over: { open?: boolean; stale?: boolean } = {}): void {
  const q = quote(i.Code);
  act(() => {
    q.$close.value = '1.08320';
    q.$open.value = over.open ?? true;
    q.$stale.value = over.stale ?? false;
  });
}

async function render(i: Instrument, strict = false, phone = false): Promise<void> {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const form = <OrderForm inst={i} phone={phone} />;
  await act(async () => root?.render(strict ? <StrictMode>{form}</StrictMode> : form));
}

const $ = <T extends Element = HTMLElement>(sel: string): T => {
  const el = document.body.querySelector<T>(sel);
  if (!el) throw new Error(`no element ${sel}`);
  return el;
};
const lotsInput = () => $<HTMLInputElement>('.tr-stepper input');
const minus = () => $<HTMLButtonElement>('[data-step="minus"]');
const plus = () => $<HTMLButtonElement>('[data-step="plus"]');
const submitButton = () => $<HTMLButtonElement>('[data-action="submit-order"]');
/** A sheet or dialog a tap opens mounts in the task after the frame that shows the press (afterPress). */
const shown = async (sel: string): Promise<HTMLElement> => {
  await vi.waitFor(() => $(sel));
  return $(sel);
};
/** The messages shown under the form's fields, by field. */
const messages = (): Record<string, string> =>
  Object.fromEntries(
    [...document.body.querySelectorAll<HTMLElement>('[data-message-for]')].map((m) => [
      m.dataset.messageFor,
      m.textContent,
    ]),
  );

async function click(el: HTMLElement): Promise<void> {
  await act(async () => el.click());
}

/** Sets an input's value the way React notices it (the native setter, then an input event). */
async function type(el: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

beforeEach(() => {
  setNavigator({ navigate, path: () => '/trade' });
  $token.value = 'token-1';
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  setNavigator(null);
  vi.mocked(submitOrder).mockReset();
  vi.mocked(toast).mockClear();
  navigate.mockClear();
  watchPreview.mockClear();
});

describe('lot stepper', () => {
  it('starts at the minimum, steps by Pip and disables the minus when quantity − Pip ≤ 0', async () => {
    const i = inst({ Pip: '0.01', ForexMinCont: '0.01' });
    live(i);
    await render(i);
    expect(lotsInput().value).toBe('0.01');
    expect(minus().disabled).toBe(true);

    await click(plus());
    expect(lotsInput().value).toBe('0.02');
    expect(minus().disabled).toBe(false);

    await click(minus());
    expect(lotsInput().value).toBe('0.01');
    expect(minus().disabled).toBe(true);
  });

  it('keeps typed lots exactly as typed; the stepper still works from a valid count', async () => {
    const i = inst({ Pip: '1', ForexMinCont: '1' });
    live(i);
    await render(i);
    await type(lotsInput(), '-3.5.2');
    expect(lotsInput().value).toBe('-3.5.2');
    expect(minus().disabled).toBe(true);
    await type(lotsInput(), '2');
    expect(minus().disabled).toBe(false);
    await click(minus());
    expect(lotsInput().value).toBe('1');
    expect(minus().disabled).toBe(true);
  });
});

describe('submitting', () => {
  it('refuses lots, prices and stops that are not numbers with their message and sends nothing (−1 is not 1 lot)', async () => {
    const i = inst();
    live(i);
    await render(i);
    for (const bad of ['-1', '1,5', '1e2', 'abc']) {
      await type(lotsInput(), bad);
      await click(submitButton());
      expect(lotsInput().value).toBe(bad);
      expect(messages()).toEqual({ lots: 'Please enter a valid number of lots' });
    }
    await type(lotsInput(), '0.05');
    await click($('[data-mode="pending"]'));
    await type($<HTMLInputElement>('input[data-field="target-price"]'), '-1.07');
    await click(submitButton());
    expect(messages()).toEqual({ 'target-price': 'Please enter a valid pending price' });
    await type($<HTMLInputElement>('input[data-field="target-price"]'), '1.07');
    await click($('input[data-field="stop-loss-on"]'));
    await type($<HTMLInputElement>('input[data-field="stop-loss"]'), '-1.05');
    expect($<HTMLInputElement>('input[data-field="stop-loss"]').value).toBe('-1.05');
    await click(submitButton());
    expect(messages()).toEqual({ 'stop-loss': 'Please enter a valid take-profit or stop-loss price' });
    expect(submitOrder).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled(); // a field's problem is never a toast over the form
  });

  it('sends unticked stop boxes as 0 and ticked ones with their price', async () => {
    const i = inst();
    live(i);
    vi.mocked(submitOrder).mockRejectedValue(new Error('server said no'));
    await render(i);

    await click(submitButton());
    expect(submitOrder).toHaveBeenCalledTimes(1);
    expect(vi.mocked(submitOrder).mock.calls[0]?.[0]).toMatchObject({
      side: 1,
      instrumentId: i.Id,
      lots: '0.01',
      status: 1,
      leverage: 10,
      takeProfitPrice: '0',
      stopLossPrice: '0',
    });

    // Ticking fills the box at a valid distance on its side; a typed value is sent; unticking sends 0 again.
    await click($('[data-field="stop-loss-on"]'));
    await type($<HTMLInputElement>('input[data-field="stop-loss"]'), '1.07');
    await click($('[data-field="stop-profit-on"]'));
    await click(submitButton());
    expect(vi.mocked(submitOrder).mock.calls[1]?.[0]).toMatchObject({
      stopLossPrice: '1.07',
      takeProfitPrice: stopStart('buy', 'profit', '1.08320', i.PricePrecision),
    });

    await click($('[data-field="stop-profit-on"]'));
    await click(submitButton());
    expect(vi.mocked(submitOrder).mock.calls[2]?.[0]).toMatchObject({
      stopLossPrice: '1.07',
      takeProfitPrice: '0',
    });
  });

  it('sends a buy-low pending order at the target price with the chosen multiplier', async () => {
    const i = inst();
    live(i);
    vi.mocked(submitOrder).mockRejectedValue(new Error('no'));
    await render(i);
    await click($('.tr-side[data-side="2"]'));
    await click($('.tr-mode[data-mode="pending"]'));
    await type($<HTMLInputElement>('input[data-field="target-price"]'), '1.075');
    await click($('[data-field="leverage"]'));
    expect($('[data-field="leverage"]').hasAttribute('data-pressed')).toBe(true); // the sheet follows its frame
    await click(await shown('[data-leverage="50"]'));
    await click(submitButton());
    expect(vi.mocked(submitOrder).mock.calls[0]?.[0]).toMatchObject({
      side: 2,
      status: 0,
      targetPrice: '1.075',
      leverage: 50,
    });
  });

  it('shows the no-leverage message and places nothing when no multipliers are configured', async () => {
    const i = inst({ HasForexMultiple: [] });
    live(i);
    await render(i);
    await click(submitButton());
    expect(messages()).toEqual({ form: i18n.t('errors.no_leverage') });
    expect(submitOrder).not.toHaveBeenCalled();
  });

  it('shows the no-multiplier message when the picker is opened with none', async () => {
    const i = inst({ HasForexMultiple: [] });
    live(i);
    await render(i);
    await click($('[data-field="leverage"]'));
    expect(toast).toHaveBeenCalledWith(i18n.t('trade.no_multiplier'));
    expect(document.body.querySelector('.tr-multiplier-options')).toBeNull();
  });

  it('sends a visitor to /login?from=/trade without placing anything', async () => {
    $token.value = null;
    const i = inst();
    live(i);
    await render(i);
    await click(submitButton());
    expect(submitOrder).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledTimes(1);
    const to = String(navigate.mock.calls[0]?.[0]);
    const url = new URL(to, 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('from')).toBe('/trade');
  });

  it('opens the success popup linking to /order?type=1', async () => {
    const i = inst();
    live(i);
    const order = {
      Id: 9,
      OrderType: 1,
      Quantity: '0.01',
      Price: '1.08320',
      Status: 1,
      instrument: { ShowCode: i.ShowCode, Code: i.Code, PricePrecision: 5 },
    } as AppOrder;
    vi.mocked(submitOrder).mockResolvedValue(order);
    await render(i);
    await click(submitButton());
    expect($('.tr-modal-title').textContent).toBe(i18n.t('trade.placed_title'));
    await click($('[data-action="view-orders"]'));
    // The dialog closes first; the orders page follows after that paint (navigateAfterPaint).
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/order?type=1', undefined));
    expect(document.body.querySelector('.tr-modal')).toBeNull();
  });
});

describe('blocked states', () => {
  /** The form of a fresh instrument in `state`: its button disabled, the reason (an i18n key) shown. */
  async function blocked(state: { open?: boolean; stale?: boolean }, reason: string): Promise<Instrument> {
    const i = inst();
    live(i, state);
    await render(i);
    expect(submitButton().disabled).toBe(true);
    expect($('.tr-blocked').textContent).toBe(i18n.t(reason));
    return i;
  }

  it('disables the button with the reason while the market is closed', async () => {
    await blocked({ open: false }, 'trade.market_closed');
  });

  it('disables the button while the price is stale and enables it when it is live again', async () => {
    const i = await blocked({ stale: true }, 'trade.price_stale');
    act(() => {
      quote(i.Code).$stale.value = false;
    });
    expect(submitButton().disabled).toBe(false);
    expect(document.body.querySelector('.tr-blocked')).toBeNull();
  });
});

describe('messages under their fields, as typed (1, 2, 4, 5)', () => {
  it('a refused size says why under the lots at once, with the allowed values, and shows no preview figures', async () => {
    const i = inst();
    live(i);
    await render(i);
    expect($('[data-field="margin"]').textContent).toContain('541.60');
    for (const bad of ['99999999', '0.0123456']) {
      await type(lotsInput(), bad);
      expect(messages()).toEqual({ lots: 'Lots: minimum 0.01, step 0.01, at most 10,000' });
      expect(watchPreview.mock.calls.at(-1)?.[1]).toBeNull(); // the feed stops previewing
      expect($('[data-field="margin"]').textContent).not.toMatch(/\d/);
      expect($('[data-field="fee"]').textContent).not.toMatch(/\d/);
    }
    expect(lotsInput().getAttribute('aria-invalid')).toBe('true');
    expect(lotsInput().getAttribute('aria-describedby')).toBe($('[data-message-for="lots"]').id);
  });

  it('keeps one message per field, replaced by the current one and gone once fixed', async () => {
    const i = inst();
    live(i);
    await render(i);
    await type(lotsInput(), '-0.01');
    await click(submitButton());
    expect(messages()).toEqual({ lots: 'Please enter a valid number of lots' });
    await type(lotsInput(), '0.015');
    expect(messages()).toEqual({ lots: 'Lots: minimum 0.01, step 0.01, at most 10,000' });
    await type(lotsInput(), '0.02');
    expect(messages()).toEqual({});
    // A stop on the wrong side: its message under the stop, replaced when the value changes, gone when right.
    await click($('[data-field="stop-loss-on"]'));
    await type($<HTMLInputElement>('input[data-field="stop-loss"]'), '1.2');
    expect(messages()).toEqual({ 'stop-loss': 'For a buy (long), the stop-loss must be below the price' });
    await type($<HTMLInputElement>('input[data-field="stop-loss"]'), 'x');
    expect(messages()).toEqual({ 'stop-loss': 'Please enter a valid take-profit or stop-loss price' });
    await type($<HTMLInputElement>('input[data-field="stop-loss"]'), '1.07');
    expect(messages()).toEqual({});
    expect(toast).not.toHaveBeenCalled();
  });

  it('starts a ticked stop and a pending target at a valid distance, with the pips and the kind beside them', async () => {
    const i = inst();
    live(i);
    await render(i);
    await click($('[data-field="stop-loss-on"]'));
    expect($<HTMLInputElement>('input[data-field="stop-loss"]').value).toBe(
      stopStart('buy', 'loss', '1.08320', i.PricePrecision),
    );
    expect(messages()).toEqual({});
    expect($('[data-field="stop-loss-pips"]').textContent).toBe('12.5 pips');
    await click($('[data-field="stop-loss-on"]'));
    await type($<HTMLInputElement>('input[data-field="stop-loss"]'), '');
    await click($('[data-mode="pending"]'));
    const target = $<HTMLInputElement>('input[data-field="target-price"]').value;
    expect(Number(target)).toBeLessThan(1.0832); // a buy limit below the price
    expect(messages()).toEqual({});
    expect($('[data-field="pending-kind"]').textContent).toBe('Buy limit');
    // A pending order's stop starts from its target.
    await click($('[data-field="stop-loss-on"]'));
    expect($<HTMLInputElement>('input[data-field="stop-loss"]').value).toBe(
      stopStart('buy', 'loss', target, i.PricePrecision),
    );
    expect(messages()).toEqual({});
    await click(submitButton());
    expect(messages()).toEqual({});
    expect(vi.mocked(submitOrder).mock.calls.at(-1)?.[0]).toMatchObject({ status: 0, targetPrice: target });
  });

  it('shows a server refusal under the form, not as a toast', async () => {
    const i = inst();
    live(i);
    const { ApiFailure } = await import('../../../../../../src/api/client.ts');
    vi.mocked(submitOrder).mockRejectedValue(new ApiFailure(0, 'Insufficient balance'));
    await render(i);
    await click(submitButton());
    expect(messages()).toEqual({ form: 'Insufficient balance' });
    expect(vi.mocked(submitOrder).mock.calls[0]?.[1]).toEqual({ toast: false });
    await click(plus());
    expect(messages()).toEqual({});
  });
});

describe('sizing by USD or risk', () => {
  it('sets the lots from a USD amount, always showing them, and goes back to lots when they are typed', async () => {
    const i = inst();
    live(i);
    await render(i);
    await click($('[data-size="usd"]'));
    await type($<HTMLInputElement>('input[data-field="size-value"]'), '5000');
    expect(lotsInput().value).toBe('0.04'); // 5000 / (1.0832 × 100000 per lot), down to the 0.01 step
    await click($('[data-size="risk"]'));
    await type($<HTMLInputElement>('input[data-field="size-value"]'), '1');
    expect(messages()).toEqual({ size: 'Tick a stop loss: the risk is what you lose at the stop' });
    await type(lotsInput(), '0.03');
    expect($('[data-size="lots"]').getAttribute('aria-selected')).toBe('true');
    expect(document.body.querySelector('input[data-field="size-value"]')).toBeNull();
    expect(messages()).toEqual({});
  });

  it('sizes a risk from the equity the account shows, not from feed figures that hold no position yet', async () => {
    const { $funds } = await import('../../../../../../src/state/orders/orders.ts');
    const { $account } = await import('../../../../../../src/state/feed/feed-signals.ts');
    const i = inst();
    live(i);
    act(() => {
      $funds.value = { balance: '5000.00', lock_balance: '0.00', margin: '0.00' };
      $account.value = { positions: [], floating: '0.00', equity: '1000.00', riskRate: null, stopOutDistance: null };
    });
    try {
      await render(i);
      await click($('[data-field="stop-loss-on"]'));
      await click($('[data-size="risk"]'));
      await type($<HTMLInputElement>('input[data-field="size-value"]'), '1');
      expect(messages()).toEqual({});
      expect(lotsInput().value).toBe('0.09'); // 1 % of the 5,000 USD shown; the feed's 1,000 would give 0.01
    } finally {
      act(() => {
        $funds.value = null;
        $account.value = null;
      });
    }
  });
});

describe('confirming a market order on the phone', () => {
  it('asks once with the side, size and instrument; sends on confirm, nothing on cancel; off in settings; never on the desk', async () => {
    const { setConfirmMarket } = await import('../../../../../../src/state/orders/one-click.ts');
    const i = inst();
    live(i);
    vi.mocked(submitOrder).mockRejectedValue(new Error('no'));
    await render(i, false, true);
    await click(submitButton());
    expect(submitOrder).not.toHaveBeenCalled();
    // The button shows it was pressed in the tap's own frame; the dialog comes in the task after it.
    expect(submitButton().hasAttribute('data-pressed')).toBe(true);
    expect(document.body.querySelector('.dialog')).toBeNull();
    expect((await shown('.dialog')).textContent).toContain(`Buy 0.01 lots of ${i.ShowCode} at the market price`);
    expect(submitButton().hasAttribute('data-pressed')).toBe(false);
    await click($('.dialog .btn-secondary'));
    expect(document.body.querySelector('.dialog')).toBeNull();
    expect(submitOrder).not.toHaveBeenCalled();
    await click(submitButton());
    await shown('.dialog');
    // The confirm is in the side's colour, as the form's own Buy / Sell button is.
    expect(document.body.querySelector('.dialog .btn-primary')).toBeNull();
    await click($('.dialog .btn-up'));
    expect(submitOrder).toHaveBeenCalledTimes(1);
    // A pending order does not ask: its price is the trader's own.
    await click($('[data-mode="pending"]'));
    await click(submitButton());
    expect(submitOrder).toHaveBeenCalledTimes(2);
    await click($('[data-mode="market"]'));
    act(() => setConfirmMarket(false));
    await click(submitButton());
    expect(submitOrder).toHaveBeenCalledTimes(3);
    act(() => setConfirmMarket(true));
    act(() => root?.unmount());
    host.remove();
    await render(i); // the desk's form
    await click(submitButton());
    expect(submitOrder).toHaveBeenCalledTimes(4);
  });
});

describe('preview', () => {
  it('shows the margin and fee computed by the feed, and P&L at a ticked stop', async () => {
    const i = inst();
    live(i);
    await render(i);
    expect(watched().at(-1)?.[1]).toMatchObject({ code: i.Code, quantity: '0.01', leverage: 10, atPrice: null });
    expect($('[data-field="margin"]').textContent).toContain('541.60');
    expect($('[data-field="fee"]').textContent).toBe('0.54 USD'); // the one amount rule: 2 decimals
    expect(document.body.querySelector('[data-field="pnl-sp"]')).toBeNull();

    await click($('[data-field="stop-profit-on"]'));
    expect($('[data-field="pnl-sp"]').textContent).toBe('+12.50'); // P&L as money (formatPnl), as on /order
    expect($('[data-field="pnl-sp"]').dataset.dir).toBe('up');
  });

  it('hands the feed new inputs once per change, also under StrictMode, and never stops the watch it replaces', async () => {
    const i = inst();
    live(i);
    await render(i, true);
    expect($('[data-field="margin"]').textContent).toContain('541.60');
    const before = watchPreview.mock.calls.length;
    await click(plus());
    await act(async () => undefined);
    const calls = watchPreview.mock.calls.slice(before);
    expect(calls).toHaveLength(1); // the new inputs; no stop in between
    expect(calls[0]?.[1]).toMatchObject({ quantity: '0.02' });
    expect(calls[0]?.[0]).toBeGreaterThan(watchPreview.mock.calls[before - 1]?.[0] ?? 0);
  });

  it('a price tick asks the feed nothing (it recomputes on its own), and a result for old inputs is ignored', async () => {
    const i = inst();
    live(i);
    await render(i);
    const before = watchPreview.mock.calls.length;
    const seq = watchPreview.mock.calls.at(-1)?.[0] ?? 0;
    await act(async () => {
      quote(i.Code).$close.value = '1.08400';
    });
    expect(watchPreview.mock.calls.length).toBe(before);
    const { applyBatch } = await import('../../../../../../src/state/feed/apply-batch.ts');
    const old = { ...answer(watched().at(-1)![1]!), margin: '999' };
    await act(async () => {
      applyBatch({
        flushedAt: 0,
        quotes: null,
        quoteText: null,
        stale: null,
        conn: null,
        kline: null,
        account: null,
        preview: { seq: seq - 1, preview: old },
      });
    });
    expect($('[data-field="margin"]').textContent).toContain('541.60');
    await act(async () => {
      applyBatch({
        flushedAt: 0,
        quotes: null,
        quoteText: null,
        stale: null,
        conn: null,
        kline: null,
        account: null,
        preview: { seq, preview: { ...old, margin: '600' } },
      });
    });
    expect($('[data-field="margin"]').textContent).toContain('600.00');
  });

  it('keeps the sides’ and the button’s prices in fixed boxes: a tick of the same length writes only their text', async () => {
    const i = inst();
    live(i);
    await render(i);
    const fields = ['side-ask', 'side-bid', 'submit-price'];
    for (const f of fields) expect($(`[data-field="${f}"] bdi`).className).toBe('num tw-live-box');
    const seen: string[] = [];
    const watch = new MutationObserver((rs) => rs.forEach((r) => seen.push(r.type)));
    for (const f of fields)
      watch.observe($(`[data-field="${f}"]`), {
        subtree: true,
        attributes: true,
        characterData: true,
        childList: true,
      });
    await act(async () => {
      quote(i.Code).$close.value = '1.08400';
      quote(i.Code).$ask.value = '1.08420';
    });
    expect(new Set([...seen, ...watch.takeRecords().map((r) => r.type)])).toEqual(new Set(['characterData']));
    watch.disconnect();
    expect($('[data-field="side-ask"]').textContent).toContain('1.08420');
  });

  it('stops the watch when the form goes away', async () => {
    const i = inst();
    live(i);
    await render(i);
    const seq = watchPreview.mock.calls.at(-1)?.[0];
    act(() => root?.unmount());
    root = null;
    await act(async () => undefined);
    expect(watchPreview.mock.calls.at(-1)).toEqual([seq, null]);
  });
});

describe('what a change leaves behind (docs/trading.md "Stops in the form", "Size by risk")', () => {
  const stopValue = (kind: 'profit' | 'loss') => $<HTMLInputElement>(`input[data-field="stop-${kind}"]`).value;

  it('buy with stops ticked, then sell: both stops restart on the sell side; untick and tick again keeps them valid', async () => {
    const i = inst();
    live(i);
    await render(i);
    await click($('[data-field="stop-profit-on"]'));
    await click($('[data-field="stop-loss-on"]'));
    await click($('.tr-sides [data-side="2"]'));
    expect(stopValue('profit')).toBe(stopStart('sell', 'profit', '1.08320', i.PricePrecision));
    expect(stopValue('loss')).toBe(stopStart('sell', 'loss', '1.08320', i.PricePrecision));
    expect(messages()).toEqual({});
    await click($('[data-field="stop-loss-on"]'));
    await click($('[data-field="stop-loss-on"]'));
    expect(stopValue('loss')).toBe(stopStart('sell', 'loss', '1.08320', i.PricePrecision));
    await click(submitButton());
    expect(messages()).toEqual({});
  });

  it('market → pending restarts the stops from the target (never at it); pending → market from the price', async () => {
    const i = inst();
    live(i);
    await render(i);
    await click($('[data-field="stop-profit-on"]'));
    await click($('[data-field="stop-loss-on"]'));
    await click($('[data-mode="pending"]'));
    const target = $<HTMLInputElement>('input[data-field="target-price"]').value;
    expect(stopValue('loss')).toBe(stopStart('buy', 'loss', target, i.PricePrecision));
    expect(stopValue('loss')).not.toBe(target);
    expect(messages()).toEqual({});
    await click($('[data-mode="market"]'));
    expect(stopValue('profit')).toBe(stopStart('buy', 'profit', '1.08320', i.PricePrecision));
    expect(Number(stopValue('profit'))).toBeGreaterThan(1.0832);
    expect(messages()).toEqual({});
  });

  it('a stop typed after the change is kept', async () => {
    const i = inst();
    live(i);
    await render(i);
    await click($('[data-field="stop-loss-on"]'));
    await click($('.tr-sides [data-side="2"]'));
    await type($<HTMLInputElement>('input[data-field="stop-loss"]'), '1.09500');
    await click(plus());
    expect(stopValue('loss')).toBe('1.09500');
  });

  it('refuses a risk above 10 % under the field and offers no lots; a change of size mode clears the number', async () => {
    const i = inst();
    live(i);
    await render(i);
    await click($('[data-size="usd"]'));
    await type($<HTMLInputElement>('input[data-field="size-value"]'), '10000');
    const lotsFromUsd = lotsInput().value;
    await click($('[data-size="risk"]'));
    expect($<HTMLInputElement>('input[data-field="size-value"]').value).toBe('');
    expect(lotsInput().value).toBe(lotsFromUsd);
    await click($('[data-field="stop-loss-on"]'));
    await type($<HTMLInputElement>('input[data-field="size-value"]'), '150');
    expect(messages()).toEqual({ size: 'Risk at most 10 % of equity' });
    expect(lotsInput().value).toBe(lotsFromUsd);
    await click(submitButton());
    expect(vi.mocked(submitOrder)).not.toHaveBeenCalled();
  });
});

describe('the phone’s market-order confirm', () => {
  it('is in the side’s colour: a Sell confirm is the sell colour, a Buy confirm the buy colour', async () => {
    const i = inst();
    live(i);
    vi.mocked(submitOrder).mockRejectedValue(new Error('no'));
    await render(i, false, true);
    await click($('.tr-sides [data-side="2"]'));
    await click(submitButton());
    const confirm = await shown('.dialog .dialog__actions .btn:last-child');
    expect(confirm.className).toContain('btn-down');
    // The submit button says the side and the price it sells at now (the bid); the confirm says the side.
    expect(submitButton().textContent).toBe(`${confirm.textContent ?? ''}1.08320`);
    await click($('.dialog .btn-secondary'));
    await click($('.tr-sides [data-side="1"]'));
    await click(submitButton());
    expect((await shown('.dialog .dialog__actions .btn:last-child')).className).toContain('btn-up');
  });
});
