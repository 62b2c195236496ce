// One row of exclusive option buttons; callers give the class names and the data attribute tests find an option by.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import './segmented.css';

/** An option's label: an i18n key, or text that is already translated (a server's category name). */
export type SegmentedOption<V extends string | number> = { value: V; labelKey: string } | { value: V; text: string };

export interface SegmentedProps<V extends string | number> {
  options: ReadonlyArray<SegmentedOption<V>>;
  value: V | null;
  onChange: (value: V) => void;
  labelKey: string;
  /** 'radiogroup' where a screen reader should say "radio button, checked" (the order form's side and type). */
  role?: 'tablist' | 'listbox' | 'radiogroup';
  className?: string;
  itemClassName?: string;
  /** The option's data attribute (`data-${dataName}`); 'value' by default. */
  dataName?: string;
  /** Drawn after an option's label (the order form's side buttons: the price each side trades at). */
  extra?: (value: V) => ReactNode;
  testId?: string;
}

const ITEM_ROLE = { tablist: 'tab', listbox: 'option', radiogroup: 'radio' } as const;

export function Segmented<V extends string | number>({
  options,
  value,
  onChange,
  labelKey,
  role = 'tablist',
  className = 'segmented',
  itemClassName = 'segmented__item',
  dataName = 'value',
  extra,
  testId,
}: SegmentedProps<V>): ReactElement {
  const { t } = useTranslation();
  return (
    <div className={className} role={role} aria-label={t(labelKey)} data-testid={testId}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role={ITEM_ROLE[role]}
          {...(role === 'radiogroup' ? { 'aria-checked': o.value === value } : { 'aria-selected': o.value === value })}
          className={itemClassName}
          onClick={() => onChange(o.value)}
          {...{ [`data-${dataName}`]: o.value }}
        >
          {'labelKey' in o ? t(o.labelKey) : o.text}
          {extra?.(o.value)}
        </button>
      ))}
    </div>
  );
}
