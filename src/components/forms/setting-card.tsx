// A setting on /mine/system as a card; system-page.tsx's switches share its look (setting-card.css).
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Segmented, type SegmentedOption } from './segmented.tsx';
import './setting-card.css';

export interface ChoiceSettingProps<V extends string | number> {
  testId: string;
  /** Also names the choices for a screen reader. */
  labelKey: string;
  options: ReadonlyArray<SegmentedOption<V>>;
  value: V;
  onChange: (value: V) => void;
  /** Anything that shows what the setting does. */
  children: ReactNode;
}

export function ChoiceSetting<V extends string | number>({
  testId,
  labelKey,
  options,
  value,
  onChange,
  children,
}: ChoiceSettingProps<V>): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="pref-card" data-testid={testId}>
      <span className="pref-card__label">{t(labelKey)}</span>
      <Segmented options={options} value={value} onChange={onChange} labelKey={labelKey} />
      {children}
    </div>
  );
}
