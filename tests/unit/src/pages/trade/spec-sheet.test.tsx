// The specification sheet shows the server's terms of the instrument it is open on, and never another's meanwhile;
// a tick re-renders nothing, the sheet closed (it sits in /trade's header) or open (its live figures are text nodes);
// each scheduled closure the server lists is a row under the hours, in the trader's own time.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, Profiler, useLayoutEffect, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { InstrumentSpec } from '../../../../../domain/retail.ts';
import { instrument } from '../../../../fixtures/instruments.ts';
import en from '../../../../../locales/en.json' with { type: 'json' };

const answers = new Map<number, (spec: InstrumentSpec) => void>();
vi.mock('../../../../../src/api/retail.ts', () => ({
  instrumentSpec: vi.fn((id: number) => new Promise<InstrumentSpec>((resolve) => answers.set(id, resolve))),
}));
const { initI18n } = await import('../../../../../src/i18n/index.ts');
const { SpecSheet } = await import('../../../../../src/pages/trade/trade-view.tsx');
const { quote } = await import('../../../../../src/state/market/quotes.ts');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const terms = (id: number, swapLong: string, closures: InstrumentSpec['closures'] = []): InstrumentSpec => ({
  forex_id: id,
  swap_long: swapLong,
  swap_short: '-1',
  swap_mode: 'percent',
  swap_triple_day: 3,
  swap_time: '22:00',
  swap_zone: 'UTC',
  always_open: true,
  session_open: null,
  session_close: null,
  open: true,
  next_change: null,
  spread_rule: 'none',
  spread_points: 0,
  stop_level: 0,
  closures,
});

let root: Root | null = null;
const host = document.createElement('div');
const sheet = () => document.querySelector<HTMLElement>('[data-testid="spec-sheet"]');
const swapLong = () => sheet()?.querySelector('[data-spec="swap_long"] dd')?.textContent ?? null;
/** Every committed state of the sheet, read before React's passive effects run: what a paint may show. */
const committed: string[] = [];
function Probe(): null {
  useLayoutEffect(() => {
    if (sheet()) committed.push(`${sheet()?.dataset.code} ${sheet()?.dataset.terms} ${swapLong()}`);
  });
  return null;
}
const both = (inst: ReturnType<typeof instrument>): ReactElement => (
  <>
    <SpecSheet inst={inst} />
    <Probe />
  </>
);

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => act(() => root?.render(null)));

describe('SpecSheet', () => {
  it('shows the list’s terms until the instrument’s own arrive, never another instrument’s', async () => {
    const gold = instrument('XAUUSD', 2);
    const btc = instrument('BTCUSDT', 3);
    act(() => root?.render(both(gold)));
    act(() => host.querySelector<HTMLButtonElement>('[data-action="open-spec"]')?.click());
    await act(async () => answers.get(2)?.(terms(2, '-6.2')));
    expect(sheet()?.dataset.terms).toBe('server');
    expect(swapLong()).toContain('-6.2');

    // The route moves to another instrument while the sheet is open.
    committed.length = 0;
    act(() => root?.render(both(btc)));
    expect(committed.length).toBeGreaterThan(0);
    expect(committed.filter((c) => c.startsWith('BTCUSDT server'))).toEqual([]);
    expect(sheet()?.dataset.terms).toBe('list');
    expect(swapLong()).toBeNull();

    await act(async () => answers.get(3)?.(terms(3, '-18')));
    expect(sheet()?.dataset.terms).toBe('server');
    expect(swapLong()).toContain('-18');
  });

  it('shows each scheduled closure as a row under the hours, in the trader’s time, and none when there is none', async () => {
    const ger = instrument('GER40', 26);
    const christmas = { start: Date.UTC(2026, 11, 24, 22), end: Date.UTC(2026, 11, 25, 22), reason: 'Christmas Day' };
    const newYear = { start: Date.UTC(2026, 11, 31, 22), end: Date.UTC(2027, 0, 1, 22), reason: 'New Year’s Day' };
    act(() => root?.render(both(ger)));
    act(() => host.querySelector<HTMLButtonElement>('[data-action="open-spec"]')?.click());
    await act(async () => answers.get(26)?.(terms(26, '-2.5', [christmas, newYear])));
    const rows = [...(sheet()?.querySelectorAll('.tr-spec-row') ?? [])].map((r) => (r as HTMLElement).dataset.spec);
    const at = rows.indexOf('next_change');
    expect(rows.slice(at, at + 4)).toEqual(['next_change', 'closure', 'closure', 'stop_level']);
    const closures = [...(sheet()?.querySelectorAll('[data-spec="closure"]') ?? [])];
    expect(closures.map((r) => r.querySelector('dt')?.textContent)).toEqual([en.spec.closure, en.spec.closure]);
    const shown = closures.map((r) => r.querySelector('dd')?.textContent ?? '');
    expect(shown[0]).toMatch(/: Christmas Day$/);
    expect(shown[1]).toMatch(/: New Year’s Day$/);
    // In the viewer's zone: the hour shown is the local hour of the UTC instant, with its day.
    const two = (n: number): string => String(n).padStart(2, '0');
    const local = (ms: number): string => `${two(new Date(ms).getHours())}:${two(new Date(ms).getMinutes())}`;
    expect(shown[0]).toContain(local(christmas.start));
    expect(shown[0]).toContain(local(christmas.end));
    expect(shown[0]).toContain(String(new Date(christmas.end).getDate()));
    expect(shown[0]).not.toContain('{{');

    act(() => root?.render(both(instrument('XAUUSD', 2))));
    await act(async () => answers.get(2)?.(terms(2, '-6.2')));
    expect(sheet()?.dataset.terms).toBe('server');
    expect(sheet()?.querySelector('[data-spec="closure"]')).toBeNull();
  });

  it('places the weekly hours by the session the server gave, open and close in the trader’s time', async () => {
    const open = Date.UTC(2026, 0, 4, 22);
    const close = Date.UTC(2026, 0, 9, 22);
    act(() => root?.render(both(instrument('GER40', 26))));
    act(() => host.querySelector<HTMLButtonElement>('[data-action="open-spec"]')?.click());
    await act(async () =>
      answers.get(26)?.({ ...terms(26, '-2.5'), always_open: false, session_open: open, session_close: close }),
    );
    const two = (n: number): string => String(n).padStart(2, '0');
    const local = (ms: number): string => `${two(new Date(ms).getHours())}:${two(new Date(ms).getMinutes())}`;
    const hours = sheet()?.querySelector('[data-spec="hours"] dd')?.textContent ?? '';
    expect(hours).toMatch(new RegExp(`^\\S+ ${local(open)} to \\S+ ${local(close)}$`));
    expect(hours).not.toBe(en.spec.hours_always);
  });

  it('re-renders nothing on a tick, closed or open, and the open sheet’s spread and margin follow the tick', () => {
    const eur = instrument('EURUSD', 4);
    const q = quote('EURUSD');
    const tick = (bid: string, ask: string, spread: string): void =>
      act(() => {
        q.$close.value = bid;
        q.$ask.value = ask;
        q.$spread.value = spread;
      });
    tick('1.10000', '1.10010', '10');
    const commits = vi.fn();
    act(() =>
      root?.render(
        <Profiler id="spec" onRender={commits}>
          <SpecSheet inst={eur} />
        </Profiler>,
      ),
    );
    commits.mockClear();
    tick('1.10020', '1.10030', '10');
    expect(commits).not.toHaveBeenCalled();

    act(() => host.querySelector<HTMLButtonElement>('[data-action="open-spec"]')?.click());
    const figure = (key: string) => sheet()?.querySelector(`[data-spec="${key}"] dd`)?.textContent;
    expect(figure('spread')).toBe('10');
    const margin = figure('margin_per_lot');
    commits.mockClear();
    tick('1.20020', '1.20050', '30');
    expect(commits).not.toHaveBeenCalled();
    expect(figure('spread')).toBe('30');
    expect(figure('margin_per_lot')).not.toBe(margin);
  });
});
