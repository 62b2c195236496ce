// A layer over the screen, portalled to <body>: the scrim under a dialog or a sheet (a tap on it closes), then the
// panel. The layer's class places the panel (centred, at the bottom, at the side) and its height in the stack.
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
