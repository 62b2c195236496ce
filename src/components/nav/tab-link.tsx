// A navigation link marked by data-tab, with aria-current="page" while its screen is open.
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { navigateTo } from '../../state/shell/navigator.ts';
import { afterPress } from '../../state/shell/yield-task.ts';

export interface TabLinkProps {
  to: string;
  tab: string;
  current: boolean;
  className: string;
  children: ReactNode;
}

export function TabLink({ to, tab, current, className, children }: TabLinkProps): ReactElement {
  // A plain tap on another tab shows the tab pressed first; the Link keeps the rest (a new window, its own tab).
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (current || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    afterPress(e.currentTarget, () => navigateTo(to));
  };
  return (
    <Link to={to} className={className} data-tab={tab} aria-current={current ? 'page' : undefined} onClick={onClick}>
      {children}
    </Link>
  );
}
