// Decorative (aria-hidden); paths live in first-icons.ts and screen-icons.ts so a chunk carries only its own icons.
import type { ReactElement, SVGProps } from 'react';

/** In a 24×24 box. */
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
