// A labelled input with its one message under it and, for passwords, a show/hide toggle.
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../icons/icons.tsx';
import { FieldMessage } from './field-message.tsx';
import type { FieldNote } from './use-field-messages.ts';
import '../icons/icon-button.css';
import './field.css';
import { ICON_EYE, ICON_EYE_OFF } from '../icons/screen-icons.ts';
import { animationFrames } from '../../state/shell/clock.ts';

const INVALID = '[aria-invalid="true"]';

/** A refused submit focuses, so scrolls to, the form's first field with a message, unless the focus is in one. */
function revealInvalidOnSubmit(form: HTMLFormElement | null, frames = animationFrames): () => void {
  const onSubmit = (): void =>
    void frames.request(() => {
      const first = form?.querySelector<HTMLElement>(INVALID);
      if (first && !form?.ownerDocument.activeElement?.matches(INVALID)) first.focus();
    });
  form?.addEventListener('submit', onSubmit);
  return () => form?.removeEventListener('submit', onSubmit);
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'placeholder'> {
  labelKey: string;
  placeholderKey?: string;
  placeholderParams?: Record<string, string> | undefined;
  value: string;
  onChange: (value: string) => void;
  /** The field's message (useFieldMessages().of(field)). */
  note?: FieldNote | null;
  /** Shown while the field has no error. */
  hintKey?: string | undefined;
  start?: ReactNode;
  end?: ReactNode;
}

export function Field({
  labelKey,
  placeholderKey,
  placeholderParams,
  value,
  onChange,
  note: message = null,
  hintKey,
  start,
  end,
  type = 'text',
  ...input
}: FieldProps): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => revealInvalidOnSubmit(inputRef.current?.form ?? null), []);
  const hintId = `${id}-hint`;
  const describedBy = message ? errorId : hintKey ? hintId : undefined;
  return (
    <div className="field" data-invalid={message ? 'true' : undefined}>
      <label className="field__label" htmlFor={id}>
        {t(labelKey)}
      </label>
      <div className="field__box">
        {start}
        <input
          {...input}
          ref={inputRef}
          id={id}
          className="field__input"
          type={isPassword && shown ? 'text' : type}
          value={value}
          placeholder={placeholderKey ? t(placeholderKey, placeholderParams) : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
        />
        {isPassword ? (
          <button
            type="button"
            className="icon-button icon-button--muted field__toggle"
            onClick={() => setShown((s) => !s)}
            aria-label={t(shown ? 'auth.hide_password' : 'auth.show_password')}
            aria-pressed={shown}
          >
            <Icon icon={shown ? ICON_EYE : ICON_EYE_OFF} size={20} />
          </button>
        ) : null}
        {end}
      </div>
      {message ? (
        <FieldMessage id={errorId} note={message} field={input.name ?? labelKey} />
      ) : hintKey ? (
        <p id={hintId} className="field__hint">
          {t(hintKey)}
        </p>
      ) : null}
    </div>
  );
}
