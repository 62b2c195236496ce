// Portalled to <body>; the layer's class places the panel and its height in the stack.
import { type ReactElement, type ReactNode, useEffect, useRef, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './overlay.css';

// Escape closes an open dialog or sheet; the ref's element (the panel or the answering button) takes the focus.
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

export interface OverlayProps {
  className: string;
  onClose: () => void;
  children: ReactNode;
}

export function Overlay({ className, onClose, children }: OverlayProps): ReactElement {
  return createPortal(
    <div className={className}>
      <div className="overlay-scrim" onClick={onClose} aria-hidden="true" />
      {children}
    </div>,
    document.body,
  );
}
