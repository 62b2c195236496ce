// Re-read on the ACCOUNT event, a reconnect and the page coming back; a tab switch fires two events: one re-read.
import { useEffect, useRef } from 'react';
import { onAccountChange, onOrderGap } from '../../state/feed/feed-listeners.ts';

export function useRefreshOnChange(refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const run = (): void => latest.current();
    let justShown = false;
    const onVisibility = (): void => {
      justShown = document.visibilityState === 'visible';
      if (justShown) run();
    };
    const onFocus = (): void => {
      if (justShown) justShown = false;
      else run();
    };
    const offAccount = onAccountChange(run);
    const offGap = onOrderGap(run);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
    return () => {
      offAccount();
      offGap();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
    };
  }, []);
}
