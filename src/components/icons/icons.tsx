// Inline SVG icons (stroke = currentColor, so they take the text colour of their place). Decorative: aria-hidden.
// The path data are constants of first-icons.ts (the first screen's) and screen-icons.ts (the others'), so a chunk
// carries the icons it draws and no others (bench/README.md "The first screen's bytes").
import type { ReactElement, SVGProps } from 'react';

/** An icon's SVG path data, in a 24×24 box (first-icons.ts, screen-icons.ts). */
export type IconPath = string;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'icon'> {
  icon: IconPath;
  size?: number;
}

export function Icon({ icon, size = 22, ...rest }: IconProps): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={icon} />
    </svg>
  );
}
