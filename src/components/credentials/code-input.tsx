// A sent code with its send button, or the text of a picture captcha.
import type { ReactElement, ReactNode } from 'react';
import { Field, type FieldProps } from '../forms/field.tsx';
import { SendCodeButton, type SendResult } from '../forms/send-code-button.tsx';
import type { BoundInput } from './use-field-errors.ts';

export interface CodeInputProps extends BoundInput {
  /** Resolves what the countdown then waits. */
  onSend: () => Promise<SendResult>;
  /** The wait the server set survives leaving the page and coming back. */
  target?: string | undefined;
  /** The field then takes the picture's text. */
  captcha?: ReactNode;
}

export function CodeInput({ value, onChange, note, onSend, target, captcha }: CodeInputProps): ReactElement {
  const byCaptcha = captcha !== undefined;
  return (
    <div className="auth-code-field">
      <Field
        name="code"
        labelKey={byCaptcha ? 'auth.captcha' : 'auth.code'}
        placeholderKey={byCaptcha ? 'auth.captcha_placeholder' : 'auth.code_placeholder'}
        value={value}
        onChange={onChange}
        note={note}
        autoComplete="one-time-code"
        inputMode={byCaptcha ? 'text' : 'numeric'}
        end={byCaptcha ? captcha : <SendCodeButton onSend={onSend} target={target} />}
      />
    </div>
  );
}

/** The second factor's code, or one of its recovery codes (docs/security.md "Second factor"). */
export function FactorCodeField(props: Omit<FieldProps, 'labelKey' | 'name' | 'autoComplete'>): ReactElement {
  return <Field labelKey="security.code_or_recovery" name="code" autoComplete="one-time-code" {...props} />;
}
