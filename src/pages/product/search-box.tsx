import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from '../../components/lists/spinner.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { ICON_SEARCH } from '../../components/icons/first-icons.ts';

export interface SearchBoxProps {
  value: string;
  onInput: (value: string) => void;
  /** Shown in the empty box and read out as its label. */
  placeholderKey: string;
  searching: boolean;
  autoFocus?: boolean;
}

export function SearchBox({ value, onInput, placeholderKey, searching, autoFocus }: SearchBoxProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="pd-search">
      <label className="pd-box">
        <Icon icon={ICON_SEARCH} size={18} />
        <input
          type="search"
          value={value}
          autoFocus={autoFocus}
          enterKeyHint="search"
          placeholder={t(placeholderKey)}
          aria-label={t(placeholderKey)}
          onChange={(e) => onInput(e.target.value)}
        />
        {searching ? <Spinner size={16} /> : null}
      </label>
    </div>
  );
}
