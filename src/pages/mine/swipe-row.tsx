// Swipe to reveal delete (docs/contract.md §2 "swipe delete"); wide screens and keyboards get the button at once.
import { useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { ICON_TRASH } from '../../components/icons/screen-icons.ts';

const REVEAL = 84; // px: the delete button's width
const SNAP = 40; // further than this opens it

export function SwipeRow(p: { children: ReactNode; onDelete: () => void; testId: string }): ReactElement {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; y: number; base: number } | null>(null);
  return (
    <div className="mw-swipe" data-testid={p.testId} data-open={offset === -REVEAL} data-moved={offset !== 0}>
      <button type="button" className="mw-swipe__delete" onClick={p.onDelete} aria-label={t('wallet.delete')}>
        <Icon icon={ICON_TRASH} size={18} />
        <span>{t('wallet.delete')}</span>
      </button>
      <div
        className="mw-swipe__body"
        style={{ transform: `translateX(${offset}px)` }}
        onTouchStart={(e) => {
          const p = e.touches[0];
          if (p) start.current = { x: p.clientX, y: p.clientY, base: offset };
        }}
        onTouchMove={(e) => {
          const p = e.touches[0];
          const s = start.current;
          if (!p || !s || Math.abs(p.clientY - s.y) > Math.abs(p.clientX - s.x)) return; // a scroll, not a swipe
          setOffset(Math.max(-REVEAL, Math.min(0, s.base + p.clientX - s.x)));
        }}
        onTouchEnd={() => {
          start.current = null;
          setOffset((o) => (o < -SNAP ? -REVEAL : 0));
        }}
      >
        {p.children}
      </div>
    </div>
  );
}
