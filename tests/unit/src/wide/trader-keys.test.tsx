// the desk's shortcut mapping (typing and modifiers ignored), the shortcut handler on the document,
// one-click orders through the form's checks and submit path, and the order form taking a B / S request.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useRef, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Instrument, AppOrder } from '../../../../domain/types.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { provideFeed } from '../../../../src/state/feed/feed-bridge.ts';
import { orderPathModules } from '../../order-path.ts';
import { fakeFeedHandle } from '../../feed-fakes.ts';

provideFeed(fakeFeedHandle({ watchPreview: vi.fn(async () => undefined) }));

const { submitOrder, toast, quote, $token, setNavigator, initI18n, i18n } = await orderPathModules();
const { OrderForm } = await import('../../../../src/pages/trade/order-ticket/order-form.tsx');
const { deskAction, isTypingTarget, nextCode } = await import('../../../../src/wide/trader-keys.ts');
const { useDeskKeys } = await import('../../../../src/wide/trader-keys.ts');
const { placeOneClick, oneClickCheck } = await import('../../../../src/pages/trade/order-ticket/one-click.ts');
const { $oneClick, setOneClick, $lastOrders, rememberOrder } =
  await import('../../../../src/state/orders/one-click.ts');
const { $period, $formRequest } = await import('../../../../src/state/market/trade-state.ts');
const { $currentCode } = await import('../../../../src/state/market/current-code.ts');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const EUR: Instrument = instrument('EURUSD', 7, {
  HasForexMultiple: [{ Value: 10 }, { Value: 50 }],
  Pip: '0.01',
  ForexMinCont: '0.01',
});
const navigate = vi.fn();
let root: Root | null = null;
let host: HTMLElement;

const key = (k: string, over: Partial<KeyboardEventInit> = {}, target: EventTarget | null = document.body) => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  repeat: false,
  isComposing: false,
  ...over,
  target,
});

function field(html: string): Element {
  const box = document.createElement('div');
  box.innerHTML = html;
  document.body.append(box);
  return box.firstElementChild as Element;
}

function live(i: Instrument, open = true): void {
  const q = quote(i.Code);
  act(() => {
    q.$close.value = '1.08320';
    q.$open.value = open;
    q.$stale.value = false;
  });
}

const order = (over: Partial<AppOrder> = {}): AppOrder =>
  ({
    Id: 1,
    OrderType: 1,
    Quantity: '0.05',
    Price: '1.08320',
    Status: 1,
    instrument: { ShowCode: 'EURUSD', Code: 'EURUSD', PricePrecision: 5 },
    ...over,
  }) as AppOrder;

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

beforeEach(() => {
  setNavigator({ navigate, path: () => '/trade' });
  $token.value = 'token-1';
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  setNavigator(null);
  setOneClick(false);
  quote(EUR.Code).$halt.value = '';
  $lastOrders.value = {};
  vi.mocked(submitOrder).mockReset();
  vi.mocked(toast).mockClear();
  navigate.mockClear();
});

describe('the shortcut mapping', () => {
  it('maps B, S, 1–6, the arrows, / and ? (either case for letters)', () => {
    expect(deskAction(key('b'), false)).toEqual({ kind: 'side', side: 1 });
    expect(deskAction(key('B'), false)).toEqual({ kind: 'side', side: 1 });
    expect(deskAction(key('s'), false)).toEqual({ kind: 'side', side: 2 });
    expect(deskAction(key('1'), false)).toEqual({ kind: 'period', period: '1min' });
    expect(deskAction(key('5'), false)).toEqual({ kind: 'period', period: '60min' });
    expect(deskAction(key('6'), false)).toEqual({ kind: 'period', period: '1day' });
    expect(deskAction(key('7'), false)).toEqual({ kind: 'period', period: '4hour' });
    expect(deskAction(key('8'), false)).toEqual({ kind: 'period', period: '1week' });
    expect(deskAction(key('9'), false)).toBeNull();
    expect(deskAction(key('ArrowDown'), false)).toEqual({ kind: 'move', by: 1 });
    expect(deskAction(key('ArrowUp'), false)).toEqual({ kind: 'move', by: -1 });
    expect(deskAction(key('/'), false)).toEqual({ kind: 'search' });
    expect(deskAction(key('?', { shiftKey: true }), false)).toEqual({ kind: 'help' });
    expect(deskAction(key('x'), false)).toBeNull();
    expect(deskAction(key('Escape'), false)).toBeNull(); // the sheets' own
  });

  it('ignores a Ctrl, Alt or Meta chord, an IME composition, a held B/S and an open modal dialog', () => {
    expect(deskAction(key('b', { ctrlKey: true }), false)).toBeNull();
    expect(deskAction(key('s', { metaKey: true }), false)).toBeNull(); // Cmd+S is the browser's save
    expect(deskAction(key('1', { altKey: true }), false)).toBeNull();
    expect(deskAction(key('b', { isComposing: true }), false)).toBeNull();
    expect(deskAction(key('b', { repeat: true }), false)).toBeNull();
    expect(deskAction(key('ArrowDown', { repeat: true }), false)).toEqual({ kind: 'move', by: 1 });
    expect(deskAction(key('b'), true)).toBeNull();
  });

  it('ignores every key while the trader types in a field: input, textarea, select, contenteditable', () => {
    for (const html of [
      '<input type="text">',
      '<input>',
      '<input type="number">',
      '<textarea></textarea>',
      '<select></select>',
      '<div contenteditable="true"><b>x</b></div>',
    ]) {
      const el = field(html);
      const inner = el.firstElementChild ?? el;
      expect(isTypingTarget(inner), html).toBe(true);
      expect(deskAction(key('b', {}, inner), false), html).toBeNull();
      expect(deskAction(key('1', {}, inner), false), html).toBeNull();
      expect(deskAction(key('/', {}, inner), false), html).toBeNull();
    }
    for (const html of ['<button>x</button>', '<input type="checkbox">', '<div contenteditable="false"></div>']) {
      expect(isTypingTarget(field(html)), html).toBe(false);
    }
  });

  it('moves to the next or previous code and stops at the ends', () => {
    const codes = ['A', 'B', 'C'];
    expect(nextCode(codes, 'B', 1)).toBe('C');
    expect(nextCode(codes, 'C', 1)).toBe('C');
    expect(nextCode(codes, 'A', -1)).toBe('A');
    expect(nextCode(codes, 'Z', 1)).toBe('A'); // the current one is not on screen: start at the top
    expect(nextCode([], null, 1)).toBeNull();
  });
});

function Desk({ inst, onHelp }: { inst: Instrument; onHelp: () => void }): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  useDeskKeys(ref, inst, onHelp);
  return (
    <div ref={ref}>
      <div className="dk-market">
        {['EURUSD', 'GBPUSD', 'XAUUSD'].map((c) => (
          <button key={c} type="button" className="mk-row" data-code={c} />
        ))}
      </div>
      <input data-testid="typing" />
    </div>
  );
}

async function press(
  k: string,
  target: EventTarget = document.body,
  init: KeyboardEventInit = {},
): Promise<KeyboardEvent> {
  const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
  await act(async () => {
    target.dispatchEvent(e);
    await Promise.resolve();
  });
  return e;
}

describe('the shortcut handler on the desk', () => {
  it('B / S focus the form (one-click off) or place a one-click market order (on); digits pick the period; arrows the row', async () => {
    live(EUR);
    const onHelp = vi.fn();
    root = createRoot(host);
    act(() => root?.render(<Desk inst={EUR} onHelp={onHelp} />));
    const before = $formRequest.peek()?.seq ?? 0;

    const b = await press('b');
    expect(b.defaultPrevented).toBe(true);
    expect($formRequest.peek()).toEqual({ side: 1, seq: before + 1 });
    expect(submitOrder).not.toHaveBeenCalled();

    setOneClick(true);
    rememberOrder('EURUSD', { lots: '0.05', leverage: 50 });
    vi.mocked(submitOrder).mockResolvedValue(order());
    await press('s');
    expect(submitOrder).toHaveBeenCalledTimes(1);
    expect(vi.mocked(submitOrder).mock.calls[0]?.[0]).toEqual({
      side: 2,
      lots: '0.05',
      instrumentId: 7,
      status: 1,
      targetPrice: '0',
      stopLossPrice: '0',
      takeProfitPrice: '0',
      leverage: 50,
    });
    expect($formRequest.peek()?.seq).toBe(before + 1); // the form was not asked

    await press('3');
    expect($period.peek()).toBe('15min');
    $currentCode.value = 'EURUSD';
    await press('ArrowDown');
    expect($currentCode.peek()).toBe('GBPUSD');
    await press('?', document.body, { shiftKey: true });
    expect(onHelp).toHaveBeenCalledTimes(1);
    await press('/');
    expect(navigate).toHaveBeenCalledWith('/product', undefined);

    // Typing in a field, or with a modifier: nothing happens and the key is left alone.
    const typed = await press('b', host.querySelector('[data-testid="typing"]') as Element);
    expect(typed.defaultPrevented).toBe(false);
    await press('4', host.querySelector('[data-testid="typing"]') as Element);
    await press('b', document.body, { ctrlKey: true });
    expect(submitOrder).toHaveBeenCalledTimes(1);
    expect($period.peek()).toBe('15min');
  });

  it('a hidden (kept-alive) desk ignores keys', async () => {
    root = createRoot(host);
    host.hidden = true;
    act(() => root?.render(<Desk inst={EUR} onHelp={vi.fn()} />));
    $period.value = '1min';
    await press('2');
    expect($period.peek()).toBe('1min');
  });
});

describe('one-click orders', () => {
  it('send the remembered lots and multiplier, or the form’s first draft, through the same submit and remember it', async () => {
    live(EUR);
    vi.mocked(submitOrder).mockResolvedValue(order({ Quantity: '0.01' }));
    await act(async () => void (await placeOneClick(EUR, 1, i18n.t)));
    expect(vi.mocked(submitOrder).mock.calls[0]?.[0]).toMatchObject({ side: 1, lots: '0.01', leverage: 10, status: 1 });
    expect($lastOrders.peek().EURUSD).toEqual({ lots: '0.01', leverage: 10 });
    expect(toast).toHaveBeenCalledWith('Buy EURUSD · 0.01 lots at 1.08320');
  });

  it('refuse with the form’s translated message and send nothing: market closed, bad remembered lots, a visitor', async () => {
    live(EUR, false);
    await placeOneClick(EUR, 1, i18n.t);
    expect(toast).toHaveBeenLastCalledWith('The market is closed');
    live(EUR, true);
    rememberOrder('EURUSD', { lots: '0.015', leverage: 10 }); // off the 0.01 lot step
    await placeOneClick(EUR, 1, i18n.t);
    expect(toast).toHaveBeenLastCalledWith('Lots: minimum 0.01, step 0.01, at most 10,000');
    expect(oneClickCheck(EUR, { lots: '0.02', leverage: 999 }, 1, true, null)).toEqual({
      kind: 'error',
      notes: { leverage: { key: 'trade.leverage_required' } },
    });
    $token.value = null;
    await placeOneClick(EUR, 1, i18n.t);
    expect(navigate).toHaveBeenCalledWith('/login?from=%2Ftrade', undefined);
    expect(submitOrder).not.toHaveBeenCalled();
  });

  it('during a halt: the row’s and the bar’s buttons are disabled and say why; B toasts the reason filled in', async () => {
    const { OneClickButtons } = await import('../../../../src/pages/trade/order-ticket/one-click-buttons.tsx');
    live(EUR);
    setOneClick(true);
    act(() => {
      quote(EUR.Code).$halt.value = 'maintenance';
    });
    root = createRoot(host);
    await act(async () =>
      root?.render(
        <>
          <OneClickButtons inst={EUR} variant="row" />
          <OneClickButtons inst={EUR} variant="bar" />
        </>,
      ),
    );
    const buttons = [...host.querySelectorAll<HTMLButtonElement>('[data-action="one-click"]')];
    expect(buttons).toHaveLength(4);
    for (const b of buttons) {
      expect(b.disabled).toBe(true);
      expect(b.title).toBe('Trading halted: maintenance');
    }
    await placeOneClick(EUR, 1, i18n.t); // what the B key does
    expect(toast).toHaveBeenLastCalledWith('Trading halted: maintenance');
    expect(submitOrder).not.toHaveBeenCalled();
    act(() => {
      quote(EUR.Code).$halt.value = '';
    });
    expect(buttons.every((b) => !b.disabled)).toBe(true);
  });

  it('a row’s pair shows the ask on Buy and the bid on Sell, and reads neither while its row is off screen', async () => {
    const { OneClickButtons } = await import('../../../../src/pages/trade/order-ticket/one-click-buttons.tsx');
    const { OnScreenContext } = await import('../../../../src/components/instrument/row-on-screen.ts');
    const { signal } = await import('@preact/signals-react');
    const $on = signal(true);
    live(EUR);
    setOneClick(true);
    act(() => {
      quote(EUR.Code).$ask.value = '1.08327';
    });
    root = createRoot(host);
    await act(async () =>
      root?.render(
        <OnScreenContext value={$on}>
          <OneClickButtons inst={EUR} variant="row" />
        </OnScreenContext>,
      ),
    );
    const prices = () => ({
      buy: host.querySelector('[data-side="1"] [data-field="oc-ask"]')?.textContent,
      sell: host.querySelector('[data-side="2"] [data-field="oc-bid"]')?.textContent,
    });
    expect(prices()).toEqual({ buy: '1.08327', sell: '1.08320' });
    act(() => {
      $on.value = false;
      quote(EUR.Code).$ask.value = '1.08400';
      quote(EUR.Code).$close.value = '1.08390';
    });
    expect(prices()).toEqual({ buy: '1.08327', sell: '1.08320' });
    act(() => {
      $on.value = true;
    });
    expect(prices()).toEqual({ buy: '1.08400', sell: '1.08390' });
  });

  it('send one order for two quick presses: the second waits for the first answer', async () => {
    live(EUR);
    let answer: (o: AppOrder) => void = () => undefined;
    vi.mocked(submitOrder).mockImplementation(() => new Promise<AppOrder>((r) => (answer = r)));
    const first = placeOneClick(EUR, 1, i18n.t);
    expect(await placeOneClick(EUR, 1, i18n.t)).toBeNull();
    answer(order());
    await act(async () => void (await first));
    expect(submitOrder).toHaveBeenCalledTimes(1);
  });

  it('the setting is off by default and kept in localStorage', () => {
    expect($oneClick.peek()).toBe(false);
    setOneClick(true);
    expect(localStorage.getItem('tw:one-click')).toBe('on');
  });

  it('keeps the remembered size under the stored name multiple, so a size saved by an older version still reads', () => {
    rememberOrder('XAGUSD', { lots: '0.3', leverage: null });
    rememberOrder('EURUSD', { lots: '0.02', leverage: 20 });
    const stored = JSON.parse(localStorage.getItem('tw:last-order') ?? '{}') as Record<string, unknown>;
    expect(stored.EURUSD).toEqual({ lots: '0.02', multiple: 20 });
    expect(stored.XAGUSD).toEqual({ lots: '0.3', multiple: null });
  });
});

describe('the order form and a B / S request', () => {
  it('takes the side and focuses the lots field; an order placed from the form is remembered for one-click', async () => {
    live(EUR);
    root = createRoot(host);
    await act(async () => root?.render(<OrderForm inst={EUR} />));
    await act(async () => ($formRequest.value = { side: 2, seq: ($formRequest.peek()?.seq ?? 0) + 1 }));
    expect(host.querySelector('.tr-side[data-side="2"]')?.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement?.getAttribute('data-field')).toBe('lots');
    vi.mocked(submitOrder).mockResolvedValue(order());
    await act(async () => host.querySelector<HTMLButtonElement>('[data-action="submit-order"]')?.click());
    expect($lastOrders.peek().EURUSD).toEqual({ lots: '0.01', leverage: 10 });
  });
});
