// An isolated left-to-right run (.num in app/layout/theme.css), so a sign or unit stays on its side in RTL languages.
import type { HTMLAttributes, ReactElement } from 'react';

export function Num({ className, ...rest }: HTMLAttributes<HTMLElement>): ReactElement {
  return <bdi {...rest} className={className ? `num ${className}` : 'num'} />;
}
