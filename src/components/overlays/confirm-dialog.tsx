// A centred yes/no dialog (logout, reset demo).
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ActionPair } from './action-pair.tsx';
import { Overlay, useOverlayFocus } from './overlay.tsx';
import './dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  messageKey: string;
  /** Values the message interpolates (an order's side, size and instrument). */
  messageParams?: Record<string, string>;
  titleKey?: string;
  confirmKey?: string;
  danger?: boolean;
  /** The confirm button's colour when it is a trade side's (docs/screens.md: a Buy confirm is the buy colour). */
  tone?: 'up' | 'down';
  onConfirm: () => void;
  onCancel: () => void;
  /** Under the message (an order's live price). */
  children?: ReactNode;
}

export function ConfirmDialog(props: ConfirmDialogProps): ReactElement | null {
  const { open, messageKey, titleKey, confirmKey = 'common.confirm' } = props;
  const { t } = useTranslation();
  const confirmButton = useOverlayFocus<HTMLButtonElement>(open, props.onCancel);
  if (!open) return null;
  return (
    <Overlay className="dialog-layer" onClose={props.onCancel}>
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-dialog-text">
        {titleKey ? <h2 className="dialog__title">{t(titleKey)}</h2> : null}
        <p id="confirm-dialog-text" className="dialog__text">
          {t(messageKey, props.messageParams)}
        </p>
        {props.children}
        <ActionPair
          className="dialog__actions"
          onBack={props.onCancel}
          actionKey={confirmKey}
          tone={props.tone ?? (props.danger ? 'danger' : 'primary')}
          onAction={props.onConfirm}
          actionRef={confirmButton}
        />
      </div>
    </Overlay>
  );
}
