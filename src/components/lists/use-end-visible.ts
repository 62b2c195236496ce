// A margin asks for the next page a little before the end; re-observing after each page re-checks a visible end.
import { useEffect, useRef, type RefObject } from 'react';

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
      { rootMargin: '240px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, active, reobserveKey]);
}
