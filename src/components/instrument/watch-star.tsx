// Named with the instrument's code, so a screen reader says which one it adds or removes.
import type { ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { $watchIds, toggleWatch } from '../../state/market/watchlist.ts';
import type { Instrument } from '../../../domain/types.ts';
import './watch-star.css';

const STAR = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z';

export function WatchStar({
  inst,
  className = '',
}: {
  inst: Pick<Instrument, 'Id' | 'ShowCode'>;
  className?: string;
}): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const on = $watchIds.value.includes(inst.Id);
  return (
    <button
      type="button"
      className={`wl-star ${className}`}
      aria-pressed={on}
      aria-label={t(on ? 'watchlist.remove' : 'watchlist.add', { code: inst.ShowCode })}
      data-watch={inst.Id}
      onClick={() => void toggleWatch(inst.Id)}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={STAR} strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
