// Virtualised instrument list; a row's long-press opens its alert sheet (docs/alerts.md "Where an alert is set").
import type { CSSProperties, ReactNode, Ref } from 'react';
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
import {
  afterLateParts,
  attachingPrerendered,
  awaitLatePart,
  LatePartEnd,
  PRERENDER_ROWS,
  type LatePart,
} from '../../boot/attach.ts';

export const ROW_HEIGHT = 68;
export const COMPACT_ROW_HEIGHT = 56;
/** Rows mounted beyond each edge of the viewport: every mounted row ticks and repaints, so keep it small. */
const OVERSCAN_ROWS = 3;

const savedOffsets = new Map<string, number>();

/** Mutable (no render when it flips): the first screenful commits empty, so virtua's flushSync is no long task. */
interface FirstFill {
  pending: boolean;
}
const FirstFillContext = createContext<FirstFill>({ pending: false });

/** `contain: strict` keeps a price's layout change inside its row (virtua sets only `layout style`). */
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
  onPick: (code: string, row?: Element) => void;
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
  // Attaching to index.html's prerendered rows (src/boot/), the first rows are drawn at once.
  const [attach] = useState(attachingPrerendered);
  const [firstFill] = useState<FirstFill>(() => ({ pending: !attach }));
  // Attaching, React takes the prerendered rows over once virtua's chunk is in (lazy-virtualizer.tsx).
  const [late] = useState<LatePart | null>(() => (attach ? { attached: false } : null));
  useLayoutEffect(() => (late ? awaitLatePart(late) : undefined), [late]);
  // A row tapped while it was painted HTML only (src/boot/first-paint.ts keepEarlyTaps) is picked once it is React's.
  const firstPick = useRef(onPick);
  useEffect(() => afterLateParts(() => window.__twTaps?.give(firstPick.current)), []);
  // One canvas per block of rows in view, laid over the rows' cells (spark-binding.ts).
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

  // A kept-alive scroller hidden by display:none can lose its scrollTop: restore it before paint on every show.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const saved = scrollKey ? savedOffsets.get(scrollKey) : undefined;
    if (el && saved) el.scrollTop = saved;
  }, [scrollKey]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el || !scrollKey) return undefined;
    const onScroll = () => {
      if (el.clientHeight > 0) savedOffsets.set(scrollKey, el.scrollTop);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scrollKey]);

  // Memoised: a render for another reason before React attaches to the prerendered rows would make it redraw them.
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
