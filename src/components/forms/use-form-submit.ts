// A failed call is left to the API client, which has already shown the server's message.
import { useState, type FormEvent } from 'react';

export interface FormSubmit {
  busy: boolean;
  submit: (e: FormEvent) => void;
  /** Any other call (the demo login) under the same busy flag. */
  during: (call: () => Promise<void>) => Promise<void>;
}

/** `check` shows its problem (FieldErrors.accept) and answers whether the form may be sent. */
export function useFormSubmit(check: () => boolean, send: () => Promise<void>, onFailure?: () => void): FormSubmit {
  const [busy, setBusy] = useState(false);
  const during = async (call: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await call();
    } catch {
      onFailure?.(); // the message itself was shown by the API client
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (check()) void during(send);
  };
  return { busy, submit, during };
}
