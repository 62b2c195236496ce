// The virtualised instrument list (virtua): fixed-height rows, only the visible ones mounted, each with its
// favourite star beside it (a sibling: a button cannot hold another). A row's long-press / context menu opens the
// alert sheet for its instrument (no third control in a 360 px row; docs/alerts.md "Where an alert is set").
// It remembers its scroll offset per `scrollKey`, so a kept-alive or remounted list comes back where it was.
import {
  createContext,
  Fragment,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  Suspense,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { openAlertSheet } from '../../state/alerts/alert-sheet.ts';
import { LazyVirtualizer } from './lazy-virtualizer.tsx';
import { signal } from '@preact/signals-react';
import { OnScreenContext, watchOnScreen } from './row-on-screen.ts';
import { MarketRow } from './market-row.tsx';
import { WatchStar } from './watch-star.tsx';
import { useSparkBlocks } from '../sparkline/use-spark-blocks.ts';
import type { Instrument } from '../../../domain/types.ts';
import { attachingPrerendered, awaitLatePart, LatePartEnd, PRERENDER_ROWS, type LatePart } from '../../boot/attach.ts';

export const ROW_HEIGHT = 68;
export const COMPACT_ROW_HEIGHT = 56;
/** Rows mounted beyond each edge of the viewport: every mounted row ticks and repaints, so keep it small. */
const OVERSCAN_ROWS = 3;

const savedOffsets = new Map<string, number>();

/**
 * Whether this list's first rows are still to be filled (one flag per mounted list, mutable: no render when it flips).
 * virtua mounts the first screenful in a flushSync, one long task on a weak phone; so that first time each slot
 * commits empty (a fixed box: nothing moves) and a deferred render fills the rows. Later rows render at once.
 */
interface FirstFill {
  pending: boolean;
}
const FirstFillContext = createContext<FirstFill>({ pending: false });

/** A listitem with a fixed box; `contain: strict` (virtua sets `layout style`) keeps a price's layout in its row. */
function Slot({ style, children, ref }: { style: CSSProperties; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  const fill = useContext(FirstFillContext);
  // Read once, at mount: useDeferredValue's initial value only counts then.
  const [deferred] = useState(fill.pending);
  const filled = useDeferredValue(true, !deferred);
  useLayoutEffect(() => {
    if (filled) fill.pending = false;
  }, [filled, fill]);
  // Whether this slot is on screen: its row reads quotes only while it is (row-on-screen.ts).
  const [$on] = useState(() => signal(true, { name: 'slot.$on' }));
  const own = useRef<HTMLDivElement | null>(null);
  const setRef = useCallback(
    (node: HTMLDivElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  useEffect(() => (own.current ? watchOnScreen(own.current, $on) : undefined), [$on]);
  return (
    <div ref={setRef} role="listitem" className="mk-slot" style={{ ...style, contain: 'strict' }}>
      <OnScreenContext value={$on}>{filled ? children : null}</OnScreenContext>
    </div>
  );
}

export interface MarketListProps {
  items: Instrument[];
  onPick: (code: string) => void;
  compact?: boolean;
  activeCode?: string | null;
  scrollKey?: string;
  label?: string;
  /** Extra controls beside a row (the desk's one-click pair), rendered in the row's list item. */
  trailing?: (inst: Instrument, active: boolean) => ReactNode;
}

export function MarketList({
  items,
  onPick,
  compact = false,
  activeCode = null,
  scrollKey,
  label,
  trailing,
}: MarketListProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT;
  // Attaching to index.html's prerendered rows (src/boot/): the first rows are drawn at once, as they were there.
  const [attach] = useState(attachingPrerendered);
  const [firstFill] = useState<FirstFill>(() => ({ pending: !attach }));
  // Attaching, the rows are a part of their own: React attaches to them once virtua's chunk is in, and until then the
  // prerendered rows stay as they are (lazy-virtualizer.tsx). Drawn afresh, the list suspends with its page instead.
  const [late] = useState<LatePart | null>(() => (attach ? { attached: false } : null));
  useLayoutEffect(() => (late ? awaitLatePart(late) : undefined), [late]);
  // The sparklines: one canvas per block of rows in view, over the rows' cells (spark-blocks.ts).
  const sparkLayer = useRef<HTMLDivElement>(null);
  const codes = useMemo(() => items.map((i) => i.Code), [items]);
  useSparkBlocks({
    scroller: scrollRef,
    layer: sparkLayer,
    codes,
    rowHeight,
    overscanRows: OVERSCAN_ROWS,
    enabled: !compact,
  });

  // Back to the saved offset before the first paint; virtua follows the scroller's scroll events. A kept-alive list
  // (app/layout/keep-alive.tsx, React's <Activity>) runs this again when it is shown: a display:none scroller can lose its
  // scrollTop, and this puts it back.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const saved = scrollKey ? savedOffsets.get(scrollKey) : undefined;
    if (el && saved) el.scrollTop = saved;
  }, [scrollKey]);

  // Save the offset as the user scrolls.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || !scrollKey) return undefined;
    const onScroll = () => {
      if (el.clientHeight > 0) savedOffsets.set(scrollKey, el.scrollTop);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scrollKey]);

  // One element for as long as its inputs hold: while React has not attached to the rows yet (virtua still loading),
  // a render of this list for another reason (the category chips arriving, new texts) must not reach their boundary,
  // or React gives up attaching and draws the rows afresh.
  const list = useMemo(() => {
    const rows = (
      <LazyVirtualizer
        scrollRef={scrollRef}
        data={items}
        itemSize={rowHeight}
        bufferSize={OVERSCAN_ROWS * rowHeight}
        ssrCount={attach ? PRERENDER_ROWS : undefined}
        item={Slot}
      >
        {(inst: Instrument) => (
          <Fragment key={inst.Code}>
            <MarketRow
              inst={inst}
              onPick={onPick}
              compact={compact}
              active={inst.Code === activeCode}
              onAlert={openAlertSheet}
              alertHintId={hintId}
            />
            <WatchStar inst={inst} />
            {trailing?.(inst, inst.Code === activeCode)}
          </Fragment>
        )}
      </LazyVirtualizer>
    );
    return late ? (
      <Suspense fallback={null}>
        {rows}
        <LatePartEnd part={late} />
      </Suspense>
    ) : (
      rows
    );
  }, [items, onPick, compact, activeCode, hintId, trailing, rowHeight, attach, late]);

  return (
    <>
      <p id={hintId} className="visually-hidden">
        {t('alerts.row_hint')}
      </p>
      <div
        ref={scrollRef}
        className="mk-scroll"
        role="list"
        aria-label={label}
        style={{ '--mk-row-h': `${rowHeight}px` } as CSSProperties}
      >
        <FirstFillContext value={firstFill}>{list}</FirstFillContext>
        {compact ? null : <div ref={sparkLayer} className="mk-spark-layer" aria-hidden="true" />}
      </div>
    </>
  );
}
