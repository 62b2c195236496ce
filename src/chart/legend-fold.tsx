// The legends' toggle on a narrow chart (legend-room.ts): folded, each pane's legend is one line of whole items (what
// does not fit waits, whole, on a hidden second line instead of a second and third line over the newest candles, and is
// never cut mid-value at the pane's edge); unfolded, every value shows.
// The button sits at the end of the price pane's legend line, before the price scale.
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
