// The form every sign-in and password screen is: its fields, then the one submit button, disabled while it sends.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { FormSubmit } from './use-form-submit.ts';
import './credentials.css';

export interface AuthFormProps {
  /** The screen's useFormSubmit: its onSubmit and busy flag. */
  sending: Pick<FormSubmit, 'busy' | 'submit'>;
  submitKey: string;
  /** The submit button's data-testid (tests and e2e flows find it by it). */
  testId: string;
  children: ReactNode;
}

export function AuthForm({ sending, submitKey, testId, children }: AuthFormProps): ReactElement {
  const { t } = useTranslation();
  return (
    <form className="auth-form" onSubmit={sending.submit} noValidate>
      {children}
      <button type="submit" className="btn btn-primary btn-block" disabled={sending.busy} data-testid={testId}>
        {t(submitKey)}
      </button>
    </form>
  );
}
