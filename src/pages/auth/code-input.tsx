// The verification-code field: a sent code with the send button and its countdown, or the text of a picture captcha.
import type { ReactElement, ReactNode } from 'react';
import { Field } from '../../components/field.tsx';
import { SendCodeButton } from '../../components/send-code-button.tsx';

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  errorKey: string | null;
  /** Sends the code; resolves true when it went out (the countdown then starts). */
  onSend: () => Promise<boolean>;
  /** A captcha picture instead of the send button: the field then takes the picture's text. */
  captcha?: ReactNode;
}

export function CodeInput({ value, onChange, errorKey, onSend, captcha }: CodeInputProps): ReactElement {
  const byCaptcha = captcha !== undefined;
  return (
    <div className="auth-code-field">
      <Field
        name="code"
        labelKey={byCaptcha ? 'auth.captcha' : 'auth.code'}
        placeholderKey={byCaptcha ? 'auth.captcha_placeholder' : 'auth.code_placeholder'}
        value={value}
        onChange={onChange}
        errorKey={errorKey}
        autoComplete="one-time-code"
        inputMode={byCaptcha ? 'text' : 'numeric'}
        end={byCaptcha ? captcha : <SendCodeButton onSend={onSend} />}
      />
    </div>
  );
}
