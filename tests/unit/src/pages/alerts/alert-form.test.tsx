// The one alert form (src/pages/alerts/alerts-sheet.tsx, docs/alerts.md): both kinds ("Price": rises to / falls to a
// level; "Day move": rises by / falls by N %), the price it opened with (the chart's) or the current one, what is
// sent exactly as typed, and bad input refused with a translated message and nothing sent. Also the market row's
// long-press (market-row.tsx) and the chart's picked price (chart-price-pick.tsx).
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewAlert } from '../../../../../src/api/alerts.ts';
import { pickedPrice } from '../../../../../src/chart/chart-price-pick.tsx';
import { MarketRow } from '../../../../../src/components/instrument/market-row.tsx';
import { LONG_PRESS_MS } from '../../../../../src/components/hooks/long-press-rule.ts';
import type { Instrument } from '../../../../../domain/types.ts';
import { initI18n, setLanguage } from '../../../../../src/i18n/index.ts';
import { AlertForm } from '../../../../../src/pages/alerts/alerts-sheet.tsx';
import { alertInputError } from '../../../../../domain/price-alerts.ts';
import { instrument } from '../../../../fixtures/instruments.ts';
import { mounted, mountInRouter, unmountMounted } from '../../../router-mount.tsx';

const inst: Instrument = instrument('EURUSD', 1, {
  ShowCode: 'EUR/USD',
  PricePrecision: 5,
  ForexQuotations: { Open: '1.08', Close: '1.08320', Change: '0.30', High: '1.09', Low: '1.07', Time: 0 },
});

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});
afterEach(async () => {
  unmountMounted();
  await setLanguage('en');
});

const q = <T extends Element>(sel: string): T => {
  const el = mounted().querySelector<T>(sel);
  if (!el) throw new Error(`no ${sel}`);
  return el;
};
const click = (sel: string) => act(async () => q<HTMLElement>(sel).click());
async function type(sel: string, value: string): Promise<void> {
  const input = q<HTMLInputElement>(sel);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const submit = () => act(async () => q<HTMLFormElement>('.al-form').requestSubmit());

function form(start: { kind?: 'price' | 'change'; price?: string | null } = {}) {
  const sent: NewAlert[] = [];
  const create = vi.fn(async (a: NewAlert) => {
    sent.push(a);
    return true;
  });
  return {
    sent,
    create,
    mount: () =>
      mountInRouter(<AlertForm inst={inst} kind={start.kind ?? 'price'} price={start.price ?? null} create={create} />),
  };
}

describe('the alert form', () => {
  it('starts with the current price, and sends a price alert exactly as typed', async () => {
    const f = form();
    await f.mount();
    expect(q<HTMLInputElement>('[data-testid="alert-price"]').value).toBe('1.08320');
    await click('.al-cond [data-value="below"]');
    await type('[data-testid="alert-price"]', ' 1.0800 ');
    await submit();
    expect(f.sent).toEqual([
      { instrumentId: 1, kind: 'price', condition: 'below', price: '1.0800', percent: '', note: '' },
    ]);
  });

  it('starts with the price it was opened with (the chart’s)', async () => {
    const f = form({ price: '1.09125' });
    await f.mount();
    expect(q<HTMLInputElement>('[data-testid="alert-price"]').value).toBe('1.09125');
  });

  it('offers "rises by / falls by N %" for a day move and sends N as typed', async () => {
    const f = form();
    await f.mount();
    await click('.al-kind [data-kind="change"]');
    expect(mounted().querySelector('[data-testid="alert-price"]')).toBeNull();
    expect([...mounted().querySelectorAll('.al-cond [role="option"]')].map((o) => o.textContent)).toEqual([
      'rises by',
      'falls by',
    ]);
    expect(mounted().textContent).toContain("Against the day's open, as the market list shows it.");
    await click('.al-cond [data-value="below"]');
    await type('[data-testid="alert-percent"]', '2.50');
    await submit();
    expect(f.sent).toEqual([
      { instrumentId: 1, kind: 'change', condition: 'below', price: '', percent: '2.50', note: '' },
    ]);
    // Back to Price: its own text is still there.
    await click('.al-kind [data-kind="price"]');
    expect(q<HTMLInputElement>('[data-testid="alert-price"]').value).toBe('1.08320');
  });

  it.each(['', '0', '0.001', '2.555', '50.01', '-1', '1e1', '2,5', 'abc'])(
    'refuses the day move %j with a translated message and sends nothing',
    async (typed) => {
      const f = form({ kind: 'change' });
      await f.mount();
      await type('[data-testid="alert-percent"]', typed);
      await submit();
      expect(f.create).not.toHaveBeenCalled();
      expect(q('[role="alert"]').textContent).toBe('Enter a move from 0.01 to 50 % with at most 2 decimals.');
      expect(q<HTMLInputElement>('[data-testid="alert-percent"]').value).toBe(typed); // never rewritten
    },
  );

  it('refuses a price that is not a positive number, in the app’s language', async () => {
    await setLanguage('de');
    const f = form();
    await f.mount();
    await type('[data-testid="alert-price"]', '0');
    await submit();
    expect(f.create).not.toHaveBeenCalled();
    expect(q('[role="alert"]').textContent).toBe('Geben Sie einen Preis über 0 ein.');
  });

  it('says what is wrong as it is typed, under the field, and drops it once fixed', async () => {
    const f = form();
    await f.mount();
    await type('[data-testid="alert-price"]', '-1');
    expect(q('[data-message-for="value"]').textContent).toBe('Enter a price greater than 0.');
    await type('[data-testid="alert-price"]', '1.1');
    expect(mounted().querySelectorAll('[role="alert"]')).toHaveLength(0);
  });

  it('shows a server refusal under the form, not as a toast, until the value is edited', async () => {
    const create = vi.fn(async () => 'Too many alerts');
    await mountInRouter(<AlertForm inst={inst} kind="price" price={null} create={create} />);
    await submit();
    expect(q('[data-message-for="form"]').textContent).toBe('Too many alerts');
    await type('[data-testid="alert-price"]', '1.2');
    expect(mounted().querySelector('[data-message-for="form"]')).toBeNull();
  });
});

describe('alertInputError', () => {
  it('takes 0.01 to 50 % with up to 2 decimals, and positive prices', () => {
    expect(['0.01', '1', '2.5', '49.99', '50', ' 3 '].map((p) => alertInputError('change', p))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(alertInputError('change', '50.5')).toEqual({
      key: 'alerts.errors.percent',
      params: { min: '0.01', max: '50' },
    });
    expect(alertInputError('price', '1.2')).toBeNull();
    expect(alertInputError('price', '')).toEqual({ key: 'alerts.errors.price' });
  });
});

describe('a market row’s alert action', () => {
  const row = () => q<HTMLButtonElement>('.mk-row');
  const mountRow = async () => {
    const calls = { pick: [] as string[], alert: [] as string[] };
    await mountInRouter(
      <MarketRow
        inst={inst}
        onPick={(c) => calls.pick.push(c)}
        onAlert={(i) => calls.alert.push(i.Code)}
        alertHintId="hint"
      />,
    );
    return calls;
  };
  const pointer = (type: string, init: PointerEventInit) =>
    act(async () => {
      row().dispatchEvent(new PointerEvent(type, { bubbles: true, ...init }));
    });

  it('a right-click or the context-menu key opens the alert, not the instrument; a tap opens the instrument', async () => {
    const calls = await mountRow();
    expect(row().getAttribute('aria-describedby')).toBe('hint');
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    await act(async () => row().dispatchEvent(menu));
    expect(menu.defaultPrevented).toBe(true);
    expect(calls.alert).toEqual(['EURUSD']);
    await pointer('pointerdown', { pointerType: 'mouse' });
    await act(async () => row().click());
    expect(calls.pick).toEqual(['EURUSD']);
  });

  it('after the context-menu key, Enter on the row still opens the instrument (a keyboard click ends no press)', async () => {
    const calls = await mountRow();
    await act(async () => row().dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
    await act(async () => row().dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 })));
    expect(calls).toEqual({ alert: ['EURUSD'], pick: ['EURUSD'] });
  });

  it('a touch held still for the long-press time opens the alert once and swallows its click', async () => {
    vi.useFakeTimers();
    try {
      const calls = await mountRow();
      await pointer('pointerdown', { pointerType: 'touch', clientX: 10, clientY: 10 });
      await act(async () => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
      expect(calls.alert).toEqual([]);
      await act(async () => vi.advanceTimersByTime(1));
      await act(async () => row().dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }))); // Android's own
      await pointer('pointerup', { pointerType: 'touch' });
      await act(async () =>
        row().dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 })),
      );
      expect(calls).toEqual({ alert: ['EURUSD'], pick: [] });
      // A touch that moves is a scroll: no alert; a short tap picks.
      await pointer('pointerdown', { pointerType: 'touch', clientX: 10, clientY: 10 });
      await pointer('pointermove', { pointerType: 'touch', clientX: 10, clientY: 40 });
      await act(async () => vi.advanceTimersByTime(LONG_PRESS_MS));
      await pointer('pointerdown', { pointerType: 'touch', clientX: 10, clientY: 10 });
      await pointer('pointerup', { pointerType: 'touch' });
      await act(async () => row().click());
      expect(calls).toEqual({ alert: ['EURUSD'], pick: ['EURUSD'] });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the chart’s picked price', () => {
  it('is the clicked height’s price at the instrument’s precision; none off the plot or at a price ≤ 0', () => {
    const series = { coordinateToPrice: (y: number) => (y === 999 ? null : 1.1 - y / 10_000) };
    expect(pickedPrice(series as never, 120, 5)).toEqual({ price: '1.08800', y: 120 });
    expect(pickedPrice(series as never, undefined, 5)).toBeNull();
    expect(pickedPrice(series as never, 999, 5)).toBeNull();
    expect(pickedPrice(series as never, 20_000, 5)).toBeNull();
  });
});
