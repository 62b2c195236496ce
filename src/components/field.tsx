// A labelled form input with its validation message (role=alert) and, for passwords, a show/hide toggle.
import { useId, useState, type InputHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';
import './field.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'placeholder'> {
  labelKey: string;
  placeholderKey?: string;
  value: string;
  onChange: (value: string) => void;
  /** i18n key of the message shown under the field. */
  errorKey?: string | null;
  /** Values the error message interpolates (e.g. a range's limits). */
  errorParams?: Record<string, string> | undefined;
  /** i18n key of a hint shown under the field (while it has no error). */
  hintKey?: string | undefined;
  /** Left of the input (an area-code button). */
  start?: ReactNode;
  /** Right of the input (send-code button, captcha picture). */
  end?: ReactNode;
}

export function Field({ labelKey, placeholderKey, value, onChange, errorKey, errorParams, hintKey, start, end, type = 'text', ...input }: FieldProps): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = errorKey ? errorId : hintKey ? hintId : undefined;
  return (
    <div className="field" data-invalid={errorKey ? 'true' : undefined}>
      <label className="field__label" htmlFor={id}>
        {t(labelKey)}
      </label>
      <div className="field__box">
        {start}
        <input
          {...input}
          id={id}
          className="field__input"
          type={isPassword && shown ? 'text' : type}
          value={value}
          placeholder={placeholderKey ? t(placeholderKey) : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-invalid={errorKey ? true : undefined}
          aria-describedby={describedBy}
        />
        {isPassword ? (
          <button
            type="button"
            className="field__toggle"
            onClick={() => setShown((s) => !s)}
            aria-label={t(shown ? 'auth.hide_password' : 'auth.show_password')}
            aria-pressed={shown}
          >
            <Icon name={shown ? 'eye' : 'eye-off'} size={20} />
          </button>
        ) : null}
        {end}
      </div>
      {errorKey ? (
        <p id={errorId} className="field__error" role="alert">
          {t(errorKey, errorParams)}
        </p>
      ) : hintKey ? (
        <p id={hintId} className="field__hint">
          {t(hintKey)}
        </p>
      ) : null}
    </div>
  );
}
