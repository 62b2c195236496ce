// Two or more mutually exclusive options as a pill switch (email / mobile).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './segmented.css';

export interface SegmentedProps<V extends string> {
  options: ReadonlyArray<{ value: V; labelKey: string }>;
  value: V;
  onChange: (value: V) => void;
  labelKey: string;
}

export function Segmented<V extends string>({ options, value, onChange, labelKey }: SegmentedProps<V>): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="segmented" role="tablist" aria-label={t(labelKey)}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={o.value === value}
          className="segmented__item"
          onClick={() => onChange(o.value)}
          data-value={o.value}
        >
          {t(o.labelKey)}
        </button>
      ))}
    </div>
  );
}
