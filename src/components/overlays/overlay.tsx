// Portalled to <body>; the layer's class places the panel and its height in the stack.
import type { ReactElement, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './overlay.css';

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
