// A yes/no choice of the copy screens, with a line saying what it does when given.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

interface Props {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  labelKey: string;
  hintKey?: string;
  className?: string;
}

export function CheckRow({ name, checked, onChange, labelKey, hintKey, className }: Props): ReactElement {
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
