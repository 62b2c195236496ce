// The app's in-app link: an <a> whose href is the route's (useHref) and whose click navigates without reloading
// (useLinkClickHandler: a plain left click; a modified or middle click opens a tab as any link does). react-router's
// own <Link> also carries route prefetching, view transitions, masks and framework-mode discovery, none of which a
// hash-routed SPA uses, and those cost the first screen about 2 KB gzip.
import type { AnchorHTMLAttributes, MouseEvent, ReactElement, Ref } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

export function AppLink({ to, onClick, target, ...rest }: AppLinkProps): ReactElement {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    onClick?.(event); // the caller's handler first; it may cancel the navigation (as with <Link>)
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
