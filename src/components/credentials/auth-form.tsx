import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { FormSubmit } from '../forms/use-form-submit.ts';
import './credentials.css';

export interface AuthFormProps {
  sending: Pick<FormSubmit, 'busy' | 'submit'>;
  submitKey: string;
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
