// A tick rewrites text nodes only; a long-press sets an alert (docs/alerts.md "Where an alert is set").
import { shownCode } from './instrument-code.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { memo, useContext, useMemo, useRef, type ReactNode, type MouseEvent, type PointerEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Show } from '@preact/signals-react/utils';
import { gatedQuote, quote } from '../../state/market/quotes.ts';
import { LiveText } from '../text/live-text.tsx';
import { InstrumentLogo } from './instrument-logo.tsx';
import { ClosedLabel, HaltReason } from './closed-label.tsx';
import { rowSignals } from '../../state/market/row-signals.ts';
import { OnScreenContext } from './row-on-screen.ts';
import { StaleTag } from './stale-tag.tsx';
import { useQuoteAttributes } from './use-quote-attributes.ts';
import { browserTimers } from '../../state/shell/clock.ts';
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX } from '../hooks/long-press-rule.ts';
import './market-row.css';
import type { Instrument } from '../../../domain/types.ts';
import { NO_VALUE } from '../../../domain/format/money-text.ts';

/** Android reports a held touch as `contextmenu`, iOS does not (hence the timer); the click ending a press is swallowed. */
function useLongPress(action: () => void) {
  const actionRef = useRef(action);
  actionRef.current = action;
  const state = useRef<{ timer: unknown; x: number; y: number; done: boolean }>({
    timer: null,
    x: 0,
    y: 0,
    done: false,
  });
  return useMemo(() => {
    const s = state.current;
    const stop = (): void => {
      if (s.timer !== null) browserTimers.clearTimeout(s.timer);
      s.timer = null;
    };
    const act = (): void => {
      stop();
      if (s.done) return; // the timer and the browser's contextmenu of the same press
      s.done = true;
      actionRef.current();
    };
    return {
      onContextMenu: (e: MouseEvent) => {
        e.preventDefault(); // the app's action instead of the browser's menu
        act();
      },
      onPointerDown: (e: PointerEvent) => {
        stop();
        s.done = false;
        if (e.pointerType !== 'touch') return; // a mouse has its right button, a keyboard its menu key
        s.x = e.clientX;
        s.y = e.clientY;
        s.timer = browserTimers.setTimeout(act, LONG_PRESS_MS);
      },
      onPointerMove: (e: PointerEvent) => {
        if (s.timer !== null && Math.hypot(e.clientX - s.x, e.clientY - s.y) > LONG_PRESS_SLOP_PX) stop();
      },
      onPointerUp: stop,
      onPointerCancel: stop,
      onClickCapture: (e: MouseEvent) => {
        if (!s.done) return;
        s.done = false;
        // A keyboard's click (Enter or Space: detail 0) ends no press: after the context-menu key it must still open.
        if (e.detail === 0) return;
        e.preventDefault();
        e.stopPropagation();
      },
    };
  }, []);
}

export interface MarketRowProps {
  inst: Instrument;
  onPick: (code: string, row?: Element) => void;
  /** Compact rows (the instrument side sheet) leave out the sparkline. */
  compact?: boolean;
  active?: boolean;
  onAlert?: ((inst: Instrument) => void) | undefined;
  alertHintId?: string | undefined;
}

/** "XRP/USDT" may wrap after its slash ("XRP/" over "USDT") in a narrow name column, never inside a code. */
function breakAfterSlash(code: string): ReactNode {
  const parts = code.split('/');
  return parts.flatMap((p, i) => (i < parts.length - 1 ? [`${p}/`, <wbr key={i} />] : [p]));
}

export const MarketRow = memo(function MarketRow({
  inst,
  onPick,
  compact = false,
  active = false,
  onAlert,
  alertHintId,
}: MarketRowProps) {
  useSignals();
  const $on = useContext(OnScreenContext);
  const live = quote(inst.Code);
  const q = useMemo(() => gatedQuote(live, $on), [live, $on]);
  const s = useMemo(() => rowSignals(inst, q), [inst, q]);
  const change = useRef<HTMLSpanElement>(null);
  const ref = useQuoteAttributes<HTMLButtonElement>(s, change);
  const press = useLongPress(() => onAlert?.(inst));
  const { t } = useTranslation();
  const shown = shownCode(t, inst.Code, inst.ShowCode);

  return (
    <button
      ref={ref}
      type="button"
      className={compact ? 'mk-row mk-row-compact' : 'mk-row'}
      data-code={inst.Code}
      // index.html's inline paint sets data-stale/-open first, and a row data-dir the binding moves to the boxes.
      suppressHydrationWarning
      data-active={active ? 'true' : undefined}
      aria-describedby={onAlert ? alertHintId : undefined}
      onClick={(e) => onPick(inst.Code, e.currentTarget)}
      {...(onAlert ? press : {})}
    >
      <InstrumentLogo src={inst.Logo} label={inst.ShowCode} size={compact ? 28 : 34} />
      <span className="mk-name">
        <span className="mk-code">{breakAfterSlash(shown)}</span>
        <StaleTag className="mk-stale" q={q} />
        <HaltReason className="mk-halt-reason" q={q} />
      </span>
      {compact ? null : <span className="mk-spark" aria-hidden="true" />}
      <span className="mk-quote">
        <LiveText className="mk-price tw-num" $text={s.$price} $dir={s.$dir} empty={NO_VALUE} />
        <span ref={change} className="mk-change tw-num">
          <Show when={s.$open} fallback={<ClosedLabel className="mk-closed" q={s.q} />}>
            <LiveText className="mk-change-text" $text={s.$change} empty={NO_VALUE} />
          </Show>
        </span>
      </span>
    </button>
  );
});
