// A navigation link marked by data-tab, with aria-current="page" while its screen is open.
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface TabLinkProps {
  to: string;
  tab: string;
  current: boolean;
  className: string;
  children: ReactNode;
}

export function TabLink({ to, tab, current, className, children }: TabLinkProps): ReactElement {
  return (
    <Link to={to} className={className} data-tab={tab} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
