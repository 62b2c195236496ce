// The calling-code button in front of a phone field; opens a sheet listing area_list entries.
import { useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AreaCode } from '../../../domain/types.ts';
import { BottomSheet } from '../overlays/bottom-sheet.tsx';
import { Icon } from '../icons/icons.tsx';
import './area-picker.css';
import { ICON_CHEVRON } from '../icons/screen-icons.ts';

export interface AreaPickerProps {
  areas: readonly AreaCode[];
  value: AreaCode | null;
  onChange: (area: AreaCode) => void;
}

export function AreaPicker({ areas, value, onChange }: AreaPickerProps): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="area-picker" onClick={() => setOpen(true)} data-testid="area-picker">
        {/* The name says what it is and includes the visible code (WCAG 2.5.3, label in name). */}
        <span className="visually-hidden">{t('auth.area_code')}</span>
        <span className="num">{value?.global_code ?? '+—'}</span>
        <Icon icon={ICON_CHEVRON} size={14} className="area-picker__chev" />
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} titleKey="auth.area_code">
        {/* A list of buttons, not a listbox: options cannot be buttons inside list items (axe, critical). */}
        <ul className="area-list" aria-label={t('auth.area_code')}>
          {areas.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                aria-current={value?.id === a.id ? 'true' : undefined}
                className="area-list__item"
                onClick={() => {
                  onChange(a);
                  setOpen(false);
                }}
              >
                <span>{regionName(a.code)}</span>
                <span className="num muted">{a.global_code}</span>
              </button>
            </li>
          ))}
        </ul>
      </BottomSheet>
    </>
  );
}

// Region names come from Intl in the reader's language (no translation keys needed for 200 countries).
function regionName(code: string): string {
  try {
    return new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
