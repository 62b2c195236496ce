// The money screens' one rule for staying current: what they show is read again when it may have changed
// elsewhere — the ACCOUNT socket event (an operator paid a withdrawal, approved a deposit, reviewed the real name), a
// reconnect (events may have been missed: the feed's order gap), and the page coming back to the front (the tab
// shown again, or the window focused). A tab switch fires both visibilitychange and focus: one re-read, not two.
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
