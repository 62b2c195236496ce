// The app's in-app link: an <a> whose href is the route's (useHref) and whose plain left click navigates without
// reloading; a modified or middle click, or another target, is left to the browser (a new tab, as any link does).
// react-router's own <Link> also carries route prefetching, view transitions, masks and framework-mode discovery, and
// its useLinkClickHandler resolves the path a second time and handles state and scroll options; none of which a
// hash-routed SPA uses, and those cost the first screen about 2.5 KB gzip (bench/README.md "The first screen's bytes").
import type { AnchorHTMLAttributes, MouseEvent, ReactElement, Ref } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the app handles itself: the main button, no modifier key, and the link opens in this window. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function AppLink({ to, onClick, target, ...rest }: AppLinkProps): ReactElement {
  const href = useHref(to);
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    onClick?.(event); // the caller's handler first; it may cancel the navigation (as with <Link>)
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    void navigate(to);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
