// A line of short facts under a name (copiers · days · fee): it breaks between facts first, so a figure is never left
// alone on a line, and a fact wraps inside only when it is wider than the whole line (.facts in app/layout/theme.css).
import type { ReactElement, ReactNode } from 'react';

export function Facts({ className, facts }: { className: string; facts: readonly ReactNode[] }): ReactElement {
  return (
    <span className={`facts ${className}`}>
      {facts.map((fact, i) => (
        <span key={i}>
          {fact}
          {i < facts.length - 1 ? '\u00a0· ' : null}
        </span>
      ))}
    </span>
  );
}
