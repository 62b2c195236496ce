// An instrument's logo, or the first two letters of its code.
import type { ReactElement } from 'react';
import { LetteredLogo } from '../icons/lettered-logo.tsx';
import './market-row.css';

export function InstrumentLogo({ src, label, size = 32 }: { src: string; label: string; size?: number }): ReactElement {
  const letters = label
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 2)
    .toUpperCase();
  return (
    <LetteredLogo src={src} letters={letters} size={size} className="mk-logo" lettersClassName="mk-logo-fallback" />
  );
}
