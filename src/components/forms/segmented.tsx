// Mutually exclusive options as one row of buttons, the selected one marked aria-selected (aria-checked in a
// radiogroup): a pill switch (email / mobile), the market's category chips, the multiplier sheet's choices, the order
// form's side and order type. Callers give the look (class names) and
// the data attribute tests and styles find an option by.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import './segmented.css';

/** An option's label: an i18n key, or text that is already translated (a server's category name). */
export type SegmentedOption<V extends string | number> = { value: V; labelKey: string } | { value: V; text: string };

export interface SegmentedProps<V extends string | number> {
  options: ReadonlyArray<SegmentedOption<V>>;
  value: V | null;
  onChange: (value: V) => void;
  /** The group's accessible name. */
  labelKey: string;
  /** 'tablist' (a switch between views, the default), 'listbox' (a choice of value) or 'radiogroup' (the same as
   *  radio buttons: the order form's side and type, where a screen reader says "radio button, checked"). */
  role?: 'tablist' | 'listbox' | 'radiogroup';
  className?: string;
  itemClassName?: string;
  /** The option's data attribute (`data-${dataName}`); 'value' by default. */
  dataName?: string;
  /** Drawn after an option's label (the order form's side buttons: the price each side trades at). */
  extra?: (value: V) => ReactNode;
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
}: SegmentedProps<V>): ReactElement {
  const { t } = useTranslation();
  return (
    <div className={className} role={role} aria-label={t(labelKey)}>
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
