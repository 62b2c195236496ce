// A figure inside text or a layout box: an inline, left-to-right, isolated run (the .num rule in app/layout/theme.css), so
// a sign, a '×', a '%' or a unit stays on its side of the digits in right-to-left languages.
import type { HTMLAttributes, ReactElement } from 'react';

export function Num({ className, ...rest }: HTMLAttributes<HTMLElement>): ReactElement {
  return <bdi {...rest} className={className ? `num ${className}` : 'num'} />;
}
