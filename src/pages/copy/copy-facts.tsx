// The name-and-value facts of the copy screens, each found by its data-field.
import type { ReactElement, ReactNode } from 'react';
import { DefRow } from '../../components/text/def-row.tsx';
import { Num } from '../../components/text/num.tsx';

/** A string or number value is a figure (a left-to-right run); a node is drawn as given; false is left out. */
export type Fact = readonly [labelKey: string, field: string, value: ReactNode, valueClass?: string] | false;

export function CopyFacts({ className = 'copy-facts', facts }: { className?: string; facts: Fact[] }): ReactElement {
  return (
    <dl className={className}>
      {facts.map(
        (f) =>
          f && (
            <DefRow key={f[1]} labelKey={f[0]} field={f[1]} valueClass={f[3]}>
              {typeof f[2] === 'string' || typeof f[2] === 'number' ? <Num>{f[2]}</Num> : f[2]}
            </DefRow>
          ),
      )}
    </dl>
  );
}
