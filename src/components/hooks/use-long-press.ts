// Android reports a held touch as `contextmenu`, iOS does not (hence the timer); the click ending a press is swallowed.
import { useMemo, useRef, type MouseEvent, type PointerEvent } from 'react';
import { browserTimers, type Timers } from '../../state/shell/clock.ts';
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX } from './long-press-rule.ts';

export { LONG_PRESS_MS } from './long-press-rule.ts';

export interface LongPressHandlers {
  onContextMenu(e: MouseEvent): void;
  onPointerDown(e: PointerEvent): void;
  onPointerMove(e: PointerEvent): void;
  onPointerUp(): void;
  onPointerCancel(): void;
  onClickCapture(e: MouseEvent): void;
}

export function useLongPress(action: () => void, timers: Timers = browserTimers): LongPressHandlers {
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
      if (s.timer !== null) timers.clearTimeout(s.timer);
      s.timer = null;
    };
    const act = (): void => {
      stop();
      if (s.done) return; // the timer and the browser's contextmenu of the same press
      s.done = true;
      actionRef.current();
    };
    return {
      onContextMenu: (e) => {
        e.preventDefault(); // the app's action instead of the browser's menu
        act();
      },
      onPointerDown: (e) => {
        stop();
        s.done = false;
        if (e.pointerType !== 'touch') return; // a mouse has its right button, a keyboard its menu key
        s.x = e.clientX;
        s.y = e.clientY;
        s.timer = timers.setTimeout(act, LONG_PRESS_MS);
      },
      onPointerMove: (e) => {
        if (s.timer !== null && Math.hypot(e.clientX - s.x, e.clientY - s.y) > LONG_PRESS_SLOP_PX) stop();
      },
      onPointerUp: stop,
      onPointerCancel: stop,
      onClickCapture: (e) => {
        if (!s.done) return;
        s.done = false;
        // A keyboard's click (Enter or Space: detail 0) ends no press: after the context-menu key it must still open.
        if (e.detail === 0) return;
        e.preventDefault();
        e.stopPropagation();
      },
    };
  }, [timers]);
}
