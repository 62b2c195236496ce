// A sheet sliding up from the bottom over a scrim (pickers, order details); Escape or a tap on the scrim closes it.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../icons/icons.tsx';
import { Overlay, useOverlayFocus } from './overlay.tsx';
import '../icons/icon-button.css';
import './bottom-sheet.css';
import { ICON_CLOSE } from '../icons/screen-icons.ts';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  titleKey?: string;
  children: ReactNode;
}

export function BottomSheet({ open, onClose, titleKey, children }: BottomSheetProps): ReactElement | null {
  const { t } = useTranslation();
  const panel = useOverlayFocus<HTMLDivElement>(open, onClose);
  if (!open) return null;
  return (
    <Overlay className="sheet-layer" onClose={onClose}>
      <div
        ref={panel}
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-label={titleKey ? t(titleKey) : undefined}
        tabIndex={-1}
      >
        <div className="sheet__grip" aria-hidden="true" />
        {titleKey ? (
          <div className="sheet__head">
            <h2 className="sheet__title">{t(titleKey)}</h2>
            <button
              type="button"
              className="icon-button icon-button--muted sheet__close"
              onClick={onClose}
              aria-label={t('common.close')}
            >
              <Icon icon={ICON_CLOSE} size={20} />
            </button>
          </div>
        ) : null}
        <div className="sheet__body">{children}</div>
      </div>
    </Overlay>
  );
}
