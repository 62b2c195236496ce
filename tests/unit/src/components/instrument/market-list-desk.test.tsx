// The 5,000-instrument desk's list (bench/README.md "Per update against the floor page"): only the rows on screen
// are subscribed, so the feed is asked for their quotes only, and a tick is text: the row's price and change text
// nodes are rewritten, no element or attribute changes while the direction holds, and a tick of an instrument off
// screen touches nothing. Counted (quote interest, MutationObserver), not timed.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, Activity } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { listed } from '../../../../fixtures/instruments.ts';
import { installListLayout } from '../../../../fixtures/list-layout.ts';
import { slow } from '../../../../fixtures/slowness.ts';
import type { Instrument } from '../../../../../domain/types.ts';

const { initI18n } = await import('../../../../../src/i18n/index.ts');
const { MarketList } = await import('../../../../../src/components/instrument/market-list.tsx');
const { quote } = await import('../../../../../src/state/market/quotes.ts');
const { shownCodes } = await import('../../../../../src/state/market/quote-interest.ts');
const { resetOnScreenObserver } = await import('../../../../../src/components/instrument/row-on-screen.ts');
const { $sparklines } = await import('../../../../../src/state/feed/feed-signals.ts');
const { loadVirtualizer } = await import('../../../../../src/components/instrument/lazy-virtualizer.tsx');

/** The IntersectionObserver a browser would run, reporting what the test says is on screen. */
class ScreenObserver {
  static live: ScreenObserver | null = null;
  readonly targets: Element[] = [];
  constructor(private readonly cb: (entries: { target: Element; isIntersecting: boolean }[]) => void) {
    ScreenObserver.live = this;
  }
  observe(el: Element): void {
    this.targets.push(el);
  }
  unobserve(el: Element): void {
    this.targets.splice(this.targets.indexOf(el), 1);
  }
  disconnect(): void {
    this.targets.length = 0;
  }
  /** Reports every observed slot: on screen when `on` says so for its row's code. */
  static report(on: (code: string) => boolean): void {
    const io = ScreenObserver.live;
    io?.cb(
      io.targets.map((target) => ({
        target,
        isIntersecting: on(target.querySelector<HTMLElement>('.mk-row')?.dataset.code ?? ''),
      })),
    );
  }
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const N = 5000;
const items: Instrument[] = Array.from({ length: N }, (_, i) => listed(`DSK${String(i).padStart(4, '0')}`, i + 1));

let restoreLayout: () => void = () => undefined;
let root: Root | null = null;
let host: HTMLElement;

beforeAll(async () => {
  // The lists' virtualiser is a chunk the app asks for at start-up (src/boot/attach-first-screen.ts, startDeferred).
  await loadVirtualizer();
  restoreLayout = installListLayout({ width: 1280, height: 800 });
  await initI18n({ cookies: 'lang=en' });
});
afterAll(() => restoreLayout());
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

const measured = async () => {
  for (let i = 0; i < 4; i++) await Promise.resolve();
};

/** The list of 5,000 in a fresh root, measured (virtua's first fill) and its rows mounted. */
async function mountList(): Promise<void> {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    flushSync(() => root?.render(<MarketList items={items} onPick={() => undefined} />));
    await measured();
  });
  await act(async () => {
    await measured();
  });
}

describe('the desk list of 5,000 instruments', () => {
  it('subscribes only the rows on screen, and a tick rewrites text only', async () => {
    await mountList();
    const mounted = [...host.querySelectorAll<HTMLElement>('.mk-row')].map((r) => r.dataset.code ?? '');
    const shown = shownCodes().filter((c) => c.startsWith('DSK'));
    // 800 px of 68 px rows and the overscan: a screenful, not 5,000.
    expect(mounted.length).toBeGreaterThan(5);
    expect(mounted.length).toBeLessThan(30);
    expect(new Set(shown)).toEqual(new Set(mounted));

    const onScreen = mounted[2] ?? '';
    const offScreen = 'DSK4999';
    act(() => {
      quote(onScreen).$close.value = '1.100';
      quote(onScreen).$change.value = '+0.05%';
      quote(onScreen).$dir.value = 'up';
      quote(onScreen).$open.value = true;
      quote(onScreen).$stale.value = false;
    });
    const seen: string[] = [];
    const mo = new MutationObserver((records) =>
      records.forEach((r) => seen.push(r.type === 'attributes' ? `@${r.attributeName}` : r.type)),
    );
    mo.observe(host, { subtree: true, childList: true, attributes: true, characterData: true });
    for (let i = 1; i <= 5; i++)
      act(() => {
        quote(onScreen).$close.value = `1.1${i}0`;
        quote(onScreen).$change.value = `+0.${i}0%`;
        quote(offScreen).$close.value = `9.${i}00`; // not on screen: nothing of it is drawn
        quote(offScreen).$dir.value = i % 2 ? 'up' : 'down';
      });
    await Promise.resolve(); // mutation records are delivered in a microtask
    mo.disconnect();
    // Five ticks of the row on screen, two text nodes each; nothing else anywhere in the list.
    expect(seen).toEqual(Array(10).fill('characterData'));
  });

  it('unsubscribes the overscan rows until they come on screen, then brings them up to date', async () => {
    vi.stubGlobal('IntersectionObserver', ScreenObserver);
    resetOnScreenObserver();
    try {
      await mountList();
      const mounted = [...host.querySelectorAll<HTMLElement>('.mk-row')].map((r) => r.dataset.code ?? '');
      expect(mounted.length).toBeGreaterThan(8);
      // The last three mounted rows are virtua's overscan, below the scroller's edge.
      const onScreen = new Set(mounted.slice(0, -3));
      const below = mounted.at(-1) ?? '';
      await act(async () => {
        ScreenObserver.report((code) => onScreen.has(code));
        await measured();
      });
      const shown = new Set(shownCodes().filter((c) => c.startsWith('DSK')));
      expect(shown).toEqual(onScreen);
      expect(shown.has(below)).toBe(false);

      // A tick of the mounted row below the edge writes nothing; the row keeps what it showed.
      const price = () => host.querySelector(`.mk-row[data-code="${below}"] .mk-price`)?.textContent;
      const shownBefore = price();
      const seen: string[] = [];
      const mo = new MutationObserver((records) => records.forEach((r) => seen.push(r.type)));
      mo.observe(host, { subtree: true, childList: true, attributes: true, characterData: true });
      act(() => {
        quote(below).$close.value = '7.777';
        quote(below).$dir.value = 'down';
      });
      await Promise.resolve();
      mo.disconnect();
      expect(seen).toEqual([]);
      expect(price()).toBe(shownBefore);

      // Scrolled into view: subscribed again, and it shows the quote it missed.
      await act(async () => {
        ScreenObserver.report(() => true);
        await measured();
      });
      expect(shownCodes()).toContain(below);
      expect(price()).toBe('7.777');
      expect(host.querySelector<HTMLElement>(`.mk-row[data-code="${below}"] .mk-price`)?.dataset.dir).toBe('down');
    } finally {
      vi.unstubAllGlobals();
      resetOnScreenObserver();
    }
  });

  it('draws the sparklines in one canvas per block of rows in view, none in the rows, once the first series arrive', async () => {
    const { strokes } = fakeCanvases();
    try {
      await mountList();
      expect(host.querySelectorAll('.mk-row').length).toBeGreaterThan(8);
      expect(host.querySelectorAll('.mk-row canvas')).toHaveLength(0);
      expect(host.querySelectorAll('.mk-row .mk-spark').length).toBe(host.querySelectorAll('.mk-row').length);
      scrollTo(0);
      // No series yet (the feed brings them): the drawing is not even loaded, no canvas is on the page.
      await measured();
      expect(canvases()).toHaveLength(0);

      // The first series arrive: the drawing's chunk loads and draws the rows in view, one line per row.
      act(() => {
        $sparklines.value = seriesOf(40);
      });
      // 800 px of 68 px rows from the top, with the overscan: the first block of 16 rows only.
      // The wait is the chunk's import, which a loaded host can take seconds to transform.
      await vi.waitFor(() => expect(canvases()).toHaveLength(1), { timeout: slow(5000) });
      await vi.waitFor(() => expect(strokes.get(canvases()[0] as HTMLCanvasElement)).toBe(16), { timeout: slow(5000) });
      expect(canvases()[0]?.hidden).toBe(false);

      scrollTo(32 * 68); // rows 29–46 with the overscan: the second and third blocks
      expect(canvases()).toHaveLength(2);
      scrollTo(4000 * 68);
      expect(canvases()).toHaveLength(2);
    } finally {
      vi.restoreAllMocks();
      $sparklines.value = {};
    }
  });

  it('keeps its sparklines drawn while hidden under another route, and redraws only what changed when shown', async () => {
    const { strokes, cell } = fakeCanvases();
    try {
      // The layout keeps `/` alive in an <Activity> (src/app/layout/layout.tsx): hidden, its effects are cleaned up.
      const render = (mode: 'visible' | 'hidden') =>
        act(async () => {
          root?.render(
            <Activity mode={mode}>
              <MarketList items={items} onPick={() => undefined} />
            </Activity>,
          );
          await measured();
        });
      await mountList();
      await render('visible');
      scrollTo(0);
      act(() => {
        $sparklines.value = seriesOf(40);
      });
      await vi.waitFor(() => expect(strokes.get(canvases()[0] as HTMLCanvasElement)).toBe(16));
      const drawn = canvases()[0] as HTMLCanvasElement;

      await render('hidden');
      await render('visible');
      await measured();
      // The same canvas, not drawn again: nothing it shows changed.
      expect(canvases()).toEqual([drawn]);
      expect(strokes.get(drawn)).toBe(16);

      // A series of the block changes while the list is hidden: shown again, that block is drawn once more.
      await render('hidden');
      act(() => {
        $sparklines.value = { ...$sparklines.value, [items[3]?.Code ?? '']: new Float32Array([4, 2, 3, 1]) };
      });
      await render('visible');
      await vi.waitFor(() => expect(strokes.get(drawn)).toBe(32));
      expect(canvases()).toEqual([drawn]);

      // The cells move while it is hidden (a language read right to left): shown again, the strip follows them.
      await render('hidden');
      Object.assign(cell, { left: 1000, right: 1080, x: 1000 });
      await render('visible');
      await vi.waitFor(() => expect(drawn.style.left).toBe('1000px'));
      expect(strokes.get(drawn)).toBe(48);
    } finally {
      vi.restoreAllMocks();
      $sparklines.value = {};
    }
  });
});

/** happy-dom lays nothing out and has no 2D context: the cells' box as a browser at 1280×800 would report it, and a
 * context that counts the lines drawn into each canvas. */
function fakeCanvases(): { strokes: Map<HTMLCanvasElement, number>; cell: Record<string, number> } {
  const strokes = new Map<HTMLCanvasElement, number>();
  const ctx = (canvas: HTMLCanvasElement) =>
    new Proxy(
      {},
      {
        get: (_t, key) =>
          key === 'stroke'
            ? () => strokes.set(canvas, (strokes.get(canvas) ?? 0) + 1)
            : key === 'createLinearGradient'
              ? () => ({ addColorStop: () => undefined })
              : () => undefined,
        set: () => true,
      },
    );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return ctx(this) as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  const cellBox = { left: 200, top: 19, right: 280, bottom: 49, width: 80, height: 30, x: 200, y: 19 };
  const none = { left: 0, top: 0, right: 0, bottom: 0, width: 0, height: 0, x: 0, y: 0 };
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return (this.classList.contains('mk-spark') ? cellBox : none) as DOMRect;
  });
  return { strokes, cell: cellBox };
}

const canvases = () => [
  ...host.querySelectorAll<HTMLCanvasElement>('.mk-scroll > .mk-spark-layer > canvas.mk-spark-block'),
];

function scrollTo(top: number): void {
  const sc = host.querySelector<HTMLElement>('.mk-scroll') as HTMLElement;
  Object.defineProperty(sc, 'clientHeight', { value: 800, configurable: true });
  Object.defineProperty(sc, 'scrollTop', { value: top, configurable: true });
  sc.dispatchEvent(new Event('scroll'));
}

const seriesOf = (n: number) =>
  Object.fromEntries(items.slice(0, n).map((i) => [i.Code, new Float32Array([1, 3, 2, 4])]));
