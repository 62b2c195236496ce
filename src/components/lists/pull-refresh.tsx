// `children` are elements the page made, so the list inside does not re-render during a pull.
import { type ReactElement, type ReactNode, useCallback, useEffect, useRef, useState, type TouchEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from './spinner.tsx';
import { browserTimers, type Timers } from '../../state/shell/clock.ts';
import './pull-refresh.css';

// The indicator closes 500 ms later (docs/contract.md §9) on injected timers.
export const PULL_TRIGGER_PX = 56;
export const PULL_MAX_PX = 88;
export const REFRESH_CLOSE_MS = 500;

/** Resistance: half the finger's travel, capped; nothing for an upward move. */
export function pullOffset(travel: number): number {
  if (!(travel > 0)) return 0;
  return Math.min(PULL_MAX_PX, travel / 2);
}

export function releaseRefreshes(offset: number): boolean {
  return offset >= PULL_TRIGGER_PX;
}

/** Tests swap them. */
export const pullTimers: { current: Timers } = { current: browserTimers };

/** `offset`: the px the indicator is pulled down. */
function usePullRefresh(onRefresh: () => void) {
  const [offset, setOffset] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const startY = useRef<number | null>(null);
  const offsetRef = useRef(0);
  const busy = useRef(false);
  const timer = useRef<unknown>(null);
  const latest = useRef(onRefresh);
  latest.current = onRefresh;

  useEffect(
    () => () => {
      if (timer.current !== null) pullTimers.current.clearTimeout(timer.current);
    },
    [],
  );

  const trigger = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    setRefreshing(true);
    latest.current();
    timer.current = pullTimers.current.setTimeout(() => {
      timer.current = null;
      busy.current = false;
      setRefreshing(false);
    }, REFRESH_CLOSE_MS);
  }, []);

  const move = (v: number): void => {
    offsetRef.current = v;
    setOffset(v);
  };

  const handlers = {
    onTouchStart(e: TouchEvent) {
      // React bubbles events out of portals: a drag inside the detail sheet or a dialog is not a pull of the page.
      const inside = e.target instanceof Node && e.currentTarget.contains(e.target);
      // Only a pull that starts at the top of the page; read once per touch, never per frame.
      startY.current = inside && !busy.current && window.scrollY <= 0 ? (e.touches[0]?.clientY ?? null) : null;
    },
    onTouchMove(e: TouchEvent) {
      const from = startY.current;
      const y = e.touches[0]?.clientY;
      if (from === null || y === undefined) return;
      move(pullOffset(y - from));
    },
    onTouchEnd() {
      const pulled = offsetRef.current;
      startY.current = null;
      move(0);
      if (releaseRefreshes(pulled)) trigger();
    },
    onTouchCancel() {
      startY.current = null;
      move(0);
    },
  };

  return { offset, refreshing, trigger, handlers };
}

export interface PullRefreshProps {
  onRefresh: () => void;
  header: (p: { trigger: () => void; refreshing: boolean }) => ReactNode;
  className?: string;
  children: ReactNode;
}

export function PullRefresh({ onRefresh, header, className, children }: PullRefreshProps): ReactElement {
  const { t } = useTranslation();
  const pull = usePullRefresh(onRefresh);
  const state = pull.refreshing ? 'refreshing' : pull.offset > 0 ? 'pulling' : 'idle';
  return (
    <div className={className} {...pull.handlers}>
      {header({ trigger: pull.trigger, refreshing: pull.refreshing })}
      <div
        className="od-pull"
        data-pull={state}
        style={{ height: pull.refreshing ? undefined : pull.offset }}
        role="status"
        aria-live="polite"
      >
        {pull.refreshing ? (
          <>
            <Spinner size={18} />
            <span>{t('orders.refreshing')}</span>
          </>
        ) : pull.offset > 0 ? (
          <span>{t('orders.pull_to_refresh')}</span>
        ) : null}
      </div>
      {children}
    </div>
  );
}
