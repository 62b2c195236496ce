// Tags move by style writes, not a render per tick (docs/screens.md "Positions and orders on the chart").
import type { ReactElement, Ref } from 'react';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { LineStyle, type CreatePriceLineOptions, type IPriceLine, type ISeriesApi } from 'lightweight-charts';
import { useTranslation } from '../i18n/use-translation.ts';
import { LiveText } from '../components/text/live-text.tsx';
import { browserTimers, type Timers } from '../state/shell/clock.ts';
import { LONG_PRESS_MS } from '../components/hooks/long-press-rule.ts';
import { hasSwap, orderLinesMark, type OrderLine } from './order-lines.ts';
import { formatMoney } from '../i18n/format.ts';
import { lineName, lineWords, positionPnl } from './chart-lines-text.tsx';
import { lineOptions, syncPriceLines } from './stop-lines.ts';
import { pickedPrice, useVerticalDrag } from './chart-price-pick.tsx';

// Overlapping tags would hide a P&L and take its taps (docs/screens.md "Positions and orders on the chart").

/** Heights in px in the chart box. */
export interface TagAt<T> {
  tag: T;
  y: number;
  height: number;
}

/** `near`: a neighbour is nearer than a finger's reach. */
export interface StackedTag<T> {
  tag: T;
  y: number;
  centre: number;
  near: boolean;
}

export const TAG_GAP_PX = 2;
/** candle-chart.css `.tw-oline::after`. */
export const TAG_REACH_PX = 11;

/** Below the tag above when it reaches there, else on its line; top to bottom, in the lines' order. */
export function stackTags<T>(tags: readonly TagAt<T>[]): StackedTag<T>[] {
  const placed: StackedTag<T>[] = [];
  let bottom = -Infinity;
  for (const t of [...tags].sort((a, b) => a.y - b.y)) {
    const top = Math.max(t.y - t.height / 2, bottom + TAG_GAP_PX);
    const near = top - bottom < TAG_REACH_PX;
    const above = placed.at(-1);
    if (near && above) above.near = true;
    placed.push({ tag: t.tag, y: t.y, centre: top + t.height / 2, near: near && above !== undefined });
    bottom = top + t.height;
  }
  return placed;
}

/** How near (px) a long press must land to a line to mean that line. */
const HIT_PX = 14;
/** Clear of the chart's corner button. */
const TOP_MIN = 34;

export interface OrderLayerHandle {
  place(): void;
  /** Within a finger's reach. */
  hit(y: number): OrderLine | null;
}

interface OrderLineLayerProps {
  lines: readonly OrderLine[];
  series: ISeriesApi<'Candlestick'> | null;
  /** The series of the chart standing now: a released chart's series must not be touched (see the cleanup below). */
  seriesNow: () => ISeriesApi<'Candlestick'> | null;
  box: HTMLElement | null;
  /** A line below it (over an indicator pane) shows no tag. */
  plotHeight: () => number;
  precision: number;
  /** The theme's up and down, so they follow red-up. */
  up: string;
  down: string;
  /** A mouse on the desk. */
  draggable: boolean;
  onEdit?: ((line: OrderLine) => void) | undefined;
  /** Resolves false when refused: the line snaps back. */
  onMove?: ((line: OrderLine, price: string) => Promise<boolean>) | undefined;
  timers?: Timers;
  ref?: Ref<OrderLayerHandle>;
}

interface Moved {
  key: string;
  price: string;
}

export function OrderLineLayer({
  lines,
  series,
  seriesNow,
  box,
  plotHeight,
  precision,
  up,
  down,
  draggable,
  onEdit,
  onMove,
  timers = browserTimers,
  ref,
}: OrderLineLayerProps): ReactElement | null {
  const { t } = useTranslation();
  const drawn = useRef(new Map<string, IPriceLine>());
  const tags = useRef(new Map<string, HTMLButtonElement>());
  // Read once per render: reading offsetHeight in place() would force a layout inside every tick.
  const heights = useRef(new Map<HTMLElement, number>());
  useLayoutEffect(() => heights.current.clear());
  const heightOf = (tag: HTMLElement): number => {
    const kept = heights.current.get(tag);
    if (kept !== undefined) return kept;
    const height = tag.offsetHeight;
    if (height > 0) heights.current.set(tag, height); // 0: not laid out yet (a hidden chart)
    return height;
  };
  const [moved, setMoved] = useState<Moved | null>(null);
  const movedRef = useRef<Moved | null>(null);
  movedRef.current = moved;
  const linesRef = useRef(lines);
  linesRef.current = lines;

  const priceOf = (l: OrderLine): number =>
    movedRef.current?.key === l.key ? Number(movedRef.current.price) : l.price;

  const place = () => {
    if (!series) return;
    const h = plotHeight();
    const shown: Array<{ tag: HTMLButtonElement; y: number; height: number }> = [];
    for (const l of linesRef.current) {
      const tag = tags.current.get(l.key);
      if (!tag) continue;
      const y = series.priceToCoordinate(priceOf(l));
      // Off the scale: hidden, still in the text alternative; written only on change, as any style write restyles.
      if (y === null || y < TOP_MIN || (h > 0 && y > h - 8)) {
        if (tag.dataset.off !== 'true') tag.dataset.off = 'true';
      } else {
        if (tag.dataset.off !== undefined) delete tag.dataset.off;
        shown.push({ tag, y, height: heightOf(tag) });
      }
    }
    for (const { tag, y, centre, near } of stackTags(shown)) {
      const at = String(y);
      if (tag.dataset.y !== at) tag.dataset.y = at; // the line's own height: a drag starts from it
      const px = `${centre}px`;
      if (tag.style.top !== px) tag.style.top = px;
      if (near && tag.dataset.near !== 'true') tag.dataset.near = 'true';
      else if (!near && tag.dataset.near !== undefined) delete tag.dataset.near;
    }
  };
  const placeRef = useRef(place);
  placeRef.current = place;
  useImperativeHandle(ref, () => ({
    place,
    hit(y: number) {
      if (!series) return null;
      let best: OrderLine | null = null;
      let bestD = HIT_PX;
      for (const l of linesRef.current) {
        const ly = series.priceToCoordinate(priceOf(l));
        if (ly === null) continue;
        const d = Math.abs(ly - y);
        if (d <= bestD) {
          best = l;
          bestD = d;
        }
      }
      return best;
    },
  }));

  // A trailing stop is already drawn by stop-lines.ts.
  useEffect(() => {
    if (!series) return;
    const wanted = lines
      .filter((l) => !l.trailing)
      .map((l): [string, CreatePriceLineOptions] => {
        const style =
          l.role === 'entry' ? LineStyle.Solid : l.role === 'pending' ? LineStyle.LargeDashed : LineStyle.Dashed;
        return [l.key, lineOptions(priceOf(l), l.side === 1 ? up : down, style)];
      });
    syncPriceLines(series, drawn.current, new Map(wanted));
    if (box) box.dataset.orderLines = orderLinesMark(lines);
    placeRef.current();
    // priceOf() reads refs; `moved` re-runs this so a dragged line keeps its new price until the answer.
  }, [lines, series, box, up, down, moved]);

  // New lines from the server (the pushed change after the move): the dragged price is theirs now.
  useEffect(() => setMoved(null), [lines]);

  useEffect(
    () => () => {
      // A released chart took its lines with it, and a line taken from its series would make it paint again on
      // released canvases (lightweight-charts throws "Object is disposed" in that frame). Asked at cleanup on purpose.
      if (series && seriesNow() === series) for (const line of drawn.current.values()) series.removePriceLine(line);
      drawn.current.clear();
    },
    [series], // oxlint-disable-line react-hooks/exhaustive-deps
  );

  if (lines.length === 0) return null;
  return (
    <ul className="tw-olines" data-testid="order-lines" aria-label={t('chart_lines.list')}>
      {lines.map((l) => (
        <li key={l.key}>
          <LineTag
            line={l}
            price={moved?.key === l.key ? moved.price : l.priceText}
            tagRef={(el) => {
              if (el) tags.current.set(l.key, el);
              else tags.current.delete(l.key);
            }}
            draggable={draggable && l.movable && onMove !== undefined}
            timers={timers}
            onEdit={onEdit}
            onDrag={(y, done) => {
              const price = series ? pickedPrice(series, y, precision)?.price : undefined;
              if (price === undefined) return;
              const show = (m: Moved | null): void => {
                setMoved(m);
                movedRef.current = m;
                drawn.current.get(l.key)?.applyOptions({ price: m ? Number(m.price) : l.price });
                place();
              };
              show({ key: l.key, price });
              if (!done || !onMove) return;
              // Taken: the server's answer brings the line's new price; refused: it snaps back.
              void onMove(l, price).then((ok) => ok || show(null));
            }}
          />
        </li>
      ))}
    </ul>
  );
}

interface LineTagProps {
  line: OrderLine;
  price: string;
  tagRef: (el: HTMLButtonElement | null) => void;
  draggable: boolean;
  timers: Timers;
  onEdit?: ((line: OrderLine) => void) | undefined;
  onDrag: (y: number, done: boolean) => void;
}

function LineTag({ line, price, tagRef, draggable, timers, onEdit, onDrag }: LineTagProps): ReactElement {
  const { t } = useTranslation();
  const o = line.order;
  const { side, lots } = lineWords(t, line, price);
  const pnl = useMemo(() => positionPnl(o), [o]);
  const name = lineName(t, line, price);
  const drag = useVerticalDrag(onDrag);
  const hold = useRef<unknown>(null);
  const skipClick = useRef(false);
  const endHold = () => {
    if (hold.current !== null) timers.clearTimeout(hold.current);
    hold.current = null;
  };
  return (
    <button
      type="button"
      ref={tagRef}
      className="tw-oline"
      data-line={line.key}
      data-role={line.role}
      data-side={line.side}
      data-price={price}
      data-draggable={draggable ? 'true' : undefined}
      onContextMenu={(e) => e.preventDefault()}
      onPointerDown={(e) => {
        skipClick.current = false;
        if (e.pointerType === 'touch') {
          endHold();
          hold.current = timers.setTimeout(() => {
            hold.current = null;
            skipClick.current = true; // the click that ends this touch is the hold's, not a tap
            onEdit?.(line);
          }, LONG_PRESS_MS);
          return;
        }
        if (!draggable) return;
        // A stacked tag sits beside its line, so the line's height.
        drag.start(e, parseFloat(e.currentTarget.dataset.y ?? e.currentTarget.style.top) || 0);
      }}
      onPointerMove={drag.move}
      onPointerUp={(e) => {
        endHold();
        if (drag.end(e)) skipClick.current = true;
      }}
      onPointerCancel={() => {
        endHold();
        drag.cancel();
      }}
      onTouchEnd={(e) => {
        // Else the tap this touch ends in would land on the opened sheet's backdrop and close it.
        if (skipClick.current) e.preventDefault();
      }}
      onClick={() => {
        if (!skipClick.current) onEdit?.(line);
        skipClick.current = false;
      }}
    >
      {line.role === 'entry' ? (
        <>
          <span>{t('chart_lines.entry_tag', { side, lots })}</span>
          <LiveText className="tw-oline__pnl num" field="line-pnl" $text={pnl.text} $dir={pnl.dir} />
          {hasSwap(line.order) ? (
            <span data-field="line-swap">{t('chart_lines.swap_tag', { amount: formatMoney(line.order.Swap) })}</span>
          ) : null}
        </>
      ) : (
        <span className="tw-num">{t(`chart_lines.${line.role}_tag`, { side, lots, price })}</span>
      )}
      {/* The whole name after the visible words (WCAG 2.5.3: a voice user says what is shown): "… Take profit of Buy
          0.01 lots at 1.09000". */}
      <span className="visually-hidden">{name}</span>
    </button>
  );
}
