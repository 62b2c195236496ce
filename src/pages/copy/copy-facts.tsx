// The name-and-value facts of the copy screens, each found by its data-field.
import type { ReactElement, ReactNode } from 'react';
import { DefRow } from '../../components/text/def-row.tsx';
import { Num } from '../../components/text/num.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

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

// A yes/no choice of the copy screens, with a line saying what it does when given.
interface CheckRowProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  labelKey: string;
  hintKey?: string;
  className?: string;
}

export function CheckRow({ name, checked, onChange, labelKey, hintKey, className }: CheckRowProps): ReactElement {
  const { t } = useTranslation();
  return (
    <label className={className ? `copy-sheet__check ${className}` : 'copy-sheet__check'}>
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span>
        <span className="copy-sheet__check-label">{t(labelKey)}</span>
        {hintKey ? <span className="copy-sheet__check-hint muted">{t(hintKey)}</span> : null}
      </span>
    </label>
  );
}
