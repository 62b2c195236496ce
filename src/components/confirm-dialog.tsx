// A centred yes/no dialog (logout, reset demo): translated texts, confirm and cancel buttons.
import { useEffect, useRef, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useEscape } from './use-escape.ts';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  messageKey: string;
  titleKey?: string;
  confirmKey?: string;
  cancelKey?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps): ReactElement | null {
  const { open, messageKey, titleKey, confirmKey = 'common.confirm', cancelKey = 'common.cancel' } = props;
  const { t } = useTranslation();
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEscape(open, props.onCancel);
  useEffect(() => {
    if (open) confirmButton.current?.focus();
  }, [open]);
  if (!open) return null;
  return createPortal(
    <div className="dialog-layer">
      <div className="dialog-scrim" onClick={props.onCancel} aria-hidden="true" />
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-dialog-text">
        {titleKey ? <h2 className="dialog__title">{t(titleKey)}</h2> : null}
        <p id="confirm-dialog-text" className="dialog__text">
          {t(messageKey)}
        </p>
        <div className="dialog__actions">
          <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
            {t(cancelKey)}
          </button>
          <button
            ref={confirmButton}
            type="button"
            className={props.danger ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={props.onConfirm}
          >
            {t(confirmKey)}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
