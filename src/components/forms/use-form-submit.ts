// A failed call is left to the API client, which has already shown the server's message.
import { useState, type FormEvent } from 'react';

export interface Busy {
  busy: boolean;
  /** Runs `call` with `busy` set; a failure only calls `onFailure`. */
  during: (call: () => Promise<void>) => Promise<void>;
}

export function useBusy(onFailure?: () => void): Busy {
  const [busy, setBusy] = useState(false);
  const during = async (call: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await call();
    } catch {
      onFailure?.();
    } finally {
      setBusy(false);
    }
  };
  return { busy, during };
}

export interface FormSubmit extends Busy {
  submit: (e: FormEvent) => void;
}

/** `check` shows its problem (FieldErrors.accept) and answers whether the form may be sent. */
export function useFormSubmit(check: () => boolean, send: () => Promise<void>, onFailure?: () => void): FormSubmit {
  const { busy, during } = useBusy(onFailure);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (check()) void during(send);
  };
  return { busy, submit, during };
}
