// A setting on /mine/system as a card: its name, a row of choices (Segmented), then what it does. The data saver
// and the up/down colours are ones; the switches of trading-prefs.tsx share the card's look (setting-card.css).
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Segmented, type SegmentedOption } from './segmented.tsx';
import './setting-card.css';

export interface ChoiceSettingProps<V extends string | number> {
  testId: string;
  /** The setting's name, which also names the choices for a screen reader. */
  labelKey: string;
  options: ReadonlyArray<SegmentedOption<V>>;
  value: V;
  onChange: (value: V) => void;
  /** What the setting does (pref-card__hint), and anything that shows it. */
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
