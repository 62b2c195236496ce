// Taps on the prerendered first screen before the app has drawn: index.html shows the market rows and /trade at once,
// but until React has committed its first render nothing answers them, and on a weak phone that is a second or more.
// The inline script holds such a tap (the last one, described by the attributes the app's own element will carry) and
// the app replays it once it has drawn (src/app/app.tsx), on the element it drew in that place: the tap is answered
// late rather than lost. A tap on something without such attributes goes through untouched, as before.

/** The attributes that name what a tap was on, in the app's markup as in the prerender's. */
const NAMING = ['data-code', 'data-action', 'data-testid', 'data-tab', 'href'] as const;

declare global {
  interface Window {
    /** Set by the inline script: stops holding taps and returns the one held, if any. */
    __twReleaseTaps?: () => string | null;
  }
}

/** A selector for `el` from its tag, classes and naming attributes, or null when nothing names it. */
export function describeTap(el: Element): string | null {
  const named = NAMING.filter((a) => el.hasAttribute(a));
  if (named.length === 0) return null;
  const attrs = named.map((a) => `[${a}="${CSS.escape(el.getAttribute(a) ?? '')}"]`).join('');
  const classes = [...el.classList].map((c) => `.${CSS.escape(c)}`).join('');
  return `${el.tagName.toLowerCase()}${classes}${attrs}`;
}

/** What a tap on `target` inside `root` was on: the nearest named element, or null. */
function tapTarget(root: Element, target: EventTarget | null): Element | null {
  if (!(target instanceof Element) || !root.contains(target)) return null;
  const el = target.closest(NAMING.map((a) => `[${a}]`).join(','));
  return el && root.contains(el) ? el : null;
}

/** From the inline script: holds named taps inside `root` until the app calls `win.__twReleaseTaps`. */
export function holdEarlyTaps(win: Window, root: Element): void {
  let held: string | null = null;
  const onClick = (e: MouseEvent): void => {
    const el = tapTarget(root, e.target);
    const selector = el ? describeTap(el) : null;
    if (!selector) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held = selector;
  };
  win.document.addEventListener('click', onClick, true);
  win.__twReleaseTaps = () => {
    win.document.removeEventListener('click', onClick, true);
    delete win.__twReleaseTaps;
    return held;
  };
}

/** From the app once drawn: stops holding taps and answers the held one on the first shown element it names. */
export function replayEarlyTap(win: Window): void {
  const selector = win.__twReleaseTaps?.() ?? null;
  if (!selector) return;
  const shown = [...win.document.querySelectorAll<HTMLElement>(selector)].find((el) => el.getClientRects().length > 0);
  shown?.click();
}
