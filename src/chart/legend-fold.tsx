// Folded, a legend is one line of whole items: it never covers the newest candles nor cuts a value (legend-room.ts).
import { useState, type ReactElement, type RefObject } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Icon } from '../components/icons/icons.tsx';
import { ICON_CHEVRON } from '../components/icons/screen-icons.ts';

export function LegendFold({ legends }: { legends: RefObject<HTMLDivElement | null> }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t(open ? 'chart_lines.legend_less' : 'chart_lines.legend_more');
  return (
    <button
      type="button"
      className="tw-legend-fold"
      data-action="legend-fold"
      aria-expanded={open}
      aria-label={label}
      title={label}
      onClick={() => {
        const next = !open;
        setOpen(next);
        if (legends.current) legends.current.dataset.open = next ? 'true' : 'false';
      }}
    >
      <Icon icon={ICON_CHEVRON} size={14} />
    </button>
  );
}
