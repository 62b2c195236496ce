// The indicator settings sheet: each bad parameter refused under its box with its message and nothing
// saved while one stands; a pane more than the screen has room for refused in place; a good save applies at once and
// is kept in the browser for a visitor.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { IndicatorSheet } from '../../../../src/chart/indicator-sheet.tsx';
import { initI18n } from '../../../../src/i18n/index.ts';
import { $indicatorSettings, VISITOR_INDICATORS_KEY } from '../../../../src/chart/chart-settings.ts';
import { defaultIndicatorSettings } from '../../../../domain/indicators.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

/** Sets an input's value as typing does (React's own value tracker sees the change). */
function type(input: HTMLInputElement | null, text: string): void {
  if (!input) throw new Error('no input');
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('IndicatorSheet', () => {
  it('refuses bad input with a clear message, and a third pane on a phone; saves a good change', async () => {
    localStorage.clear();
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    act(() => root.render(<IndicatorSheet onClose={() => undefined} maxPanes={2} />));
    const sheet = (): HTMLElement => document.querySelector('[data-testid="indicator-sheet"]') as HTMLElement;
    const ma = () => sheet().querySelector<HTMLInputElement>('.ind-row[data-kind="ma"] input[data-param="0"]');
    const message = () => sheet().querySelector('.ind-row[data-kind="ma"] .ind-param__error')?.textContent ?? '';
    for (const [text, msg] of [
      ['0', 'Enter a number above 0.'],
      ['-1', 'Enter a number above 0.'],
      ['x7', 'Enter a number, digits only.'],
      ['', 'Enter a number, digits only.'],
      ['1.5', 'Enter a whole number of bars.'],
      ['501', 'At most 500.'],
    ] as const) {
      type(ma(), text);
      expect(message()).toBe(msg);
      expect(ma()?.getAttribute('aria-invalid')).toBe('true');
    }
    act(() => sheet().querySelector<HTMLButtonElement>('[data-action="indicator-save"]')?.click());
    expect($indicatorSettings.value).toEqual(defaultIndicatorSettings()); // nothing saved
    type(ma(), '8');
    expect(message()).toBe('');

    const toggle = (kind: string) =>
      act(() =>
        sheet()
          .querySelector<HTMLInputElement>(`.ind-row[data-kind="${kind}"] [data-action="indicator-toggle"]`)
          ?.click(),
      );
    toggle('macd');
    toggle('kdj'); // VOL and MACD take the phone's two panes
    expect(sheet().querySelector('[data-testid="pane-refused"]')?.textContent).toBe(
      'At most 2 panes below the price here: turn one off first.',
    );
    expect(
      sheet().querySelector<HTMLInputElement>('.ind-row[data-kind="kdj"] [data-action="indicator-toggle"]')?.checked,
    ).toBe(false);
    act(() => sheet().querySelector<HTMLButtonElement>('[data-action="indicator-save"]')?.click());
    expect($indicatorSettings.value.ma.params).toEqual([8, 10, 20, 30]);
    expect($indicatorSettings.value.macd.on).toBe(true);
    // Kept in this browser once the stored session has been read (a visitor here).
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(VISITOR_INDICATORS_KEY) ?? '{}')).toEqual($indicatorSettings.value),
    );
    act(() => root.unmount());
    host.remove();
  });
});
