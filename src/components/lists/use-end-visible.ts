// Calls `onVisible` when the sentinel at the end of a list comes into view (IntersectionObserver, with a margin so
// the next page is asked for a little before the end). Re-observing after each page re-checks a still-visible end.
import { useEffect, useRef, type RefObject } from 'react';

export const END_MARGIN = '240px 0px';

export function useEndVisible(
  ref: RefObject<Element | null>,
  onVisible: () => void,
  active: boolean,
  reobserveKey: unknown,
): void {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el || !active) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      latest.current(); // no observer (very old browser): load on, page by page
      return undefined;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: END_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, active, reobserveKey]);
}
