// Escape closes an open dialog or sheet; the ref's element (the panel or the answering button) takes the focus.
import { useEffect, useRef, type RefObject } from 'react';

export function useEscape(active: boolean, onEscape: () => void): void {
  useEffect(() => {
    if (!active) return undefined;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, onEscape]);
}

export function useOverlayFocus<T extends HTMLElement>(open: boolean, onClose: () => void): RefObject<T | null> {
  const target = useRef<T>(null);
  useEscape(open, onClose);
  useEffect(() => {
    if (open) target.current?.focus();
  }, [open]);
  return target;
}
