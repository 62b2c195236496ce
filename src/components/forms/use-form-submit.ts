// A failed call is left to the API client, which has already shown the server's message.
import { useState, type FormEvent } from 'react';

/** `during` runs `call` with `busy` set; a failure only calls `onFailure`. */
export function useBusy(onFailure?: () => void) {
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

export type FormSubmit = ReturnType<typeof useFormSubmit>;

/** `check` shows its problem (FieldErrors.accept) and answers whether the form may be sent. */
export function useFormSubmit(check: () => boolean, send: () => Promise<void>, onFailure?: () => void) {
  const { busy, during } = useBusy(onFailure);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (check()) void during(send);
  };
  return { busy, submit, during };
}
