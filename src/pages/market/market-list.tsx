// The virtualised instrument list (@tanstack/react-virtual): fixed-height rows, only the visible ones mounted.
// It remembers its scroll offset per `scrollKey`, so a kept-alive or remounted list comes back where it was.
import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MarketRow } from './market-row.tsx';
import type { Instrument } from '../../domain/types.ts';

export const ROW_HEIGHT = 68;
export const COMPACT_ROW_HEIGHT = 56;

const savedOffsets = new Map<string, number>();

export interface MarketListProps {
  items: Instrument[];
  onPick: (code: string) => void;
  compact?: boolean;
  activeCode?: string | null;
  scrollKey?: string;
  label?: string;
}

export function MarketList({ items, onPick, compact = false, activeCode = null, scrollKey, label }: MarketListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (i) => items[i]?.Code ?? i,
    // Every mounted row ticks and repaints: a small overscan keeps that work close to what is on screen.
    overscan: 3,
    initialOffset: () => (scrollKey ? (savedOffsets.get(scrollKey) ?? 0) : 0),
  });

  // Save the offset as the user scrolls, and put it back when a hidden (kept-alive) list is shown again:
  // a display:none scroller loses its scrollTop in some browsers.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || !scrollKey) return undefined;
    const onScroll = () => {
      if (el.clientHeight > 0) savedOffsets.set(scrollKey, el.scrollTop);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    let wasHidden = false;
    const ro =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver((entries) => {
            const h = entries[0]?.contentRect.height ?? 0;
            if (h === 0) wasHidden = true;
            else if (wasHidden) {
              wasHidden = false;
              const saved = savedOffsets.get(scrollKey) ?? 0;
              if (el.scrollTop !== saved) el.scrollTop = saved;
            }
          })
        : null;
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      ro?.disconnect();
    };
  }, [scrollKey]);

  return (
    <div ref={scrollRef} className="mk-scroll" role="list" aria-label={label}>
      <div className="mk-spacer" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const inst = items[row.index];
          if (!inst) return null;
          return (
            <div
              key={row.key}
              role="listitem"
              className="mk-slot"
              style={{ height: rowHeight, transform: `translateY(${row.start}px)` }}
            >
              <MarketRow inst={inst} onPick={onPick} compact={compact} active={inst.Code === activeCode} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
