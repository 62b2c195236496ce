// The keys of an open dialog or sheet: Escape closes it, and the element the returned ref is on (the panel, or the
// button a yes/no dialog answers with) takes the focus when it opens.
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
