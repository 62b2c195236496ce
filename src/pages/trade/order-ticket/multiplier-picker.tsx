// With no multiplier configured, opening it shows the no-multiplier message (docs/contract.md §5).
import { useCallback, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { BottomSheet } from '../../../components/overlays/bottom-sheet.tsx';
import { Segmented } from '../../../components/forms/segmented.tsx';
import { toast } from '../../../state/shell/toasts.ts';
import { afterPress } from '../../../state/shell/yield-task.ts';
import type { Multiplier } from '../../../../domain/types.ts';
import './multiplier-picker.css';

export function MultiplierPicker(p: {
  options: Multiplier[];
  value: number | null;
  onChange: (value: number) => void;
}) {
  const { options, value } = p;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  const openPicker = (e: MouseEvent<HTMLButtonElement>) => {
    if (options.length === 0) {
      toast(t('trade.no_multiplier'));
      return;
    }
    // The button shows it was pressed in the tap's own frame; the sheet mounts in the task after it.
    afterPress(e.currentTarget, () => setOpen(true));
  };

  return (
    <>
      <button type="button" className="tr-select" aria-haspopup="dialog" data-field="leverage" onClick={openPicker}>
        {/* Only the figure is a left-to-right run: the 'choose' prompt reads in the page's direction. */}
        <span className={value !== null ? 'tw-num' : undefined}>
          {value !== null ? t('trade.leverage_value', { value }) : t('trade.leverage_choose')}
        </span>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <BottomSheet open={open} onClose={close} titleKey="trade.leverage">
        <Segmented
          options={options.map((m) => ({ value: m.Value, text: t('trade.leverage_value', { value: m.Value }) }))}
          value={value}
          onChange={(v) => {
            p.onChange(v);
            setOpen(false);
          }}
          labelKey="trade.leverage"
          role="listbox"
          className="tr-multiplier-options"
          itemClassName="tr-chip tw-num"
          dataName="leverage"
        />
      </BottomSheet>
    </>
  );
}
