// Escape closes an open dialog or sheet; the ref's element (the panel or the answering button) takes the focus.
import { useEffect, useRef, type RefObject } from 'react';
import { useEscape } from './use-escape.ts';

export function useOverlayFocus<T extends HTMLElement>(open: boolean, onClose: () => void): RefObject<T | null> {
  const target = useRef<T>(null);
  useEscape(open, onClose);
  useEffect(() => {
    if (open) target.current?.focus();
  }, [open]);
  return target;
}
