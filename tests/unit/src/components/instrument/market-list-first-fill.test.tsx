// The list's first screenful of rows is filled in a deferred render (src/components/instrument/market-list.tsx "FirstFill"):
// virtua's first measure commits the slots empty and synchronously, React fills them in a render that can yield.
// Rows that mount later (a new filter, scrolling) are filled in the same commit as their slot, never blank.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { listed } from '../../../../fixtures/instruments.ts';
import { installListLayout } from '../../../../fixtures/list-layout.ts';
import type { Instrument } from '../../../../../domain/types.ts';

const { initI18n } = await import('../../../../../src/i18n/index.ts');
const { MarketList } = await import('../../../../../src/components/instrument/market-list.tsx');
const { loadVirtualizer } = await import('../../../../../src/components/instrument/lazy-virtualizer.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const list = (prefix: string, n: number): Instrument[] =>
  Array.from({ length: n }, (_, i) => listed(`${prefix}${String(i).padStart(3, '0')}`, i + 1));

let restoreLayout: () => void = () => undefined;
let root: Root | null = null;
let host: HTMLElement;

beforeAll(async () => {
  // The lists' virtualiser is a chunk the app asks for at start-up (src/boot/attach-first-screen.ts, startDeferred).
  await loadVirtualizer();
  restoreLayout = installListLayout({ width: 360, height: 600 });
  await initI18n({ cookies: 'lang=en' });
});
afterAll(() => restoreLayout());
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

const slots = () => host.querySelectorAll('.mk-slot').length;
const rows = () => host.querySelectorAll('.mk-slot .mk-row').length;
/** The list scroller's ResizeObserver answers in a microtask (the fixture), virtua's own subscription in another. */
const measured = async () => {
  for (let i = 0; i < 4; i++) await Promise.resolve();
};

describe('MarketList first fill', () => {
  it('commits the first slots empty, then fills every one of them; later rows mount filled', async () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const first = list('AAA', 40);
    await act(async () => {
      flushSync(() => root?.render(<MarketList items={first} onPick={() => undefined} />));
      await measured();
      // virtua's first measure has committed the visible slots (fixed boxes), their rows not yet.
      expect(slots()).toBeGreaterThan(0);
      expect(rows()).toBe(0);
    });
    // The deferred render has filled them all.
    expect(slots()).toBeGreaterThan(5);
    expect(rows()).toBe(slots());

    // A new list (a category chip): its rows arrive in the very commit that mounts their slots.
    const second = list('BBB', 40);
    await act(async () => {
      flushSync(() => root?.render(<MarketList items={second} onPick={() => undefined} />));
      expect(rows()).toBe(slots());
      expect(host.querySelector('.mk-row')?.getAttribute('data-code')).toBe('BBB000');
    });
  });
});
