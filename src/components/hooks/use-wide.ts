import { useSyncExternalStore } from 'react';
import { WIDE_QUERY } from './wide-query.ts';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(WIDE_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const mq = mediaQuery();
  if (!mq) return () => undefined;
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export function isWide(): boolean {
  return mediaQuery()?.matches ?? false;
}

/** The layout also exposes it as `data-wide` for CSS. */
export function useWide(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => false);
}
