// A tap on the prerendered first screen before the app has drawn (the weak phone): held, not lost, and answered
// on the app's own element once it has drawn.
import { afterEach, describe, expect, it } from 'vitest';
import { describeTap, holdEarlyTaps, replayEarlyTap } from '../../../../src/boot/early-taps.ts';

function screen(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div><p id="outside" data-testid="outside">x</p>`;
  return document.getElementById('root') as HTMLElement;
}

/** Gives every element in `root` a box, as a browser that lays them out would (happy-dom lays out nothing). */
function laidOut(root: Element, hidden: readonly Element[] = []): void {
  for (const el of root.querySelectorAll('*')) {
    (el as HTMLElement).getClientRects = () =>
      hidden.some((h) => h.contains(el)) ? ([] as unknown as DOMRectList) : ([{}] as unknown as DOMRectList);
  }
}

afterEach(() => {
  window.__twReleaseTaps?.();
  document.body.innerHTML = '';
});

describe('early taps', () => {
  it('describes an element by its tag, classes and naming attributes, or not at all', () => {
    const root = screen('<div class="mk-row x" data-code="EURUSD"><span>1.1</span></div><div class="plain"></div>');
    expect(describeTap(root.querySelector('.mk-row') as Element)).toBe('div.mk-row.x[data-code="EURUSD"]');
    expect(describeTap(root.querySelector('.plain') as Element)).toBeNull();
  });

  it('holds a tap on a prerendered row and answers it on the row the app drew in its place', () => {
    const root = screen('<div class="mk-row" data-code="EURUSD"><span class="price">1.1</span></div>');
    holdEarlyTaps(window, root);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('.price')?.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    // The app draws afresh (createRoot replaces the prerendered HTML); a hidden copy (a kept-alive page) comes first.
    root.innerHTML =
      '<section hidden><div class="mk-row" data-code="EURUSD"></div></section><div class="mk-row" data-code="EURUSD"></div>';
    const hidden = root.querySelector('section') as Element;
    laidOut(root, [hidden]);
    const tapped: string[] = [];
    root.querySelectorAll('.mk-row').forEach((row, i) => row.addEventListener('click', () => tapped.push(`row ${i}`)));
    replayEarlyTap(window);
    expect(tapped).toEqual(['row 1']);

    // Released: later taps go straight to the app, and a second replay answers nothing.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelectorAll('.mk-row')[1]?.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    replayEarlyTap(window);
    expect(tapped).toEqual(['row 1', 'row 1']);
  });

  it('answers only the last of several early taps, and lets unnamed and outside taps through', () => {
    const root = screen(
      '<a class="tab" href="#/news">n</a><a class="tab" href="#/rank">r</a><div class="plain">p</div>',
    );
    holdEarlyTaps(window, root);
    for (const sel of ['a[href="#/news"]', 'a[href="#/rank"]'])
      root.querySelector(sel)?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('.plain')?.dispatchEvent(plain);
    const outside = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('outside')?.dispatchEvent(outside);
    expect([plain.defaultPrevented, outside.defaultPrevented]).toEqual([false, false]);

    laidOut(root);
    const tapped: string[] = [];
    root
      .querySelectorAll('a')
      .forEach((a) =>
        a.addEventListener('click', (e) => (e.preventDefault(), tapped.push(a.getAttribute('href') ?? ''))),
      );
    replayEarlyTap(window);
    expect(tapped).toEqual(['#/rank']);
  });

  it('does nothing when no inline script held taps (the app started without a prerendered screen)', () => {
    screen('<div class="mk-row" data-code="EURUSD"></div>');
    expect(() => replayEarlyTap(window)).not.toThrow();
  });
});
