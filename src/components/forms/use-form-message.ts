// A form's one validation message (a money or real-name form: "enter the amount", "upload the proof"), and the rule
// that it goes away as soon as the trader changes what it was about: a message left under a corrected amount or an
// uploaded proof reads as if the fix had not worked.
import { useCallback, useState } from 'react';

export interface FormMessage {
  message: string | null;
  setMessage: (message: string | null) => void;
  /** Wraps an input's setter: stores the new value and drops the message. */
  clearing: <T>(set: (value: T) => void) => (value: T) => void;
}

export function useFormMessage(): FormMessage {
  const [message, setMessage] = useState<string | null>(null);
  const clearing = useCallback(
    <T>(set: (value: T) => void) =>
      (value: T): void => {
        set(value);
        setMessage(null);
      },
    [],
  );
  return { message, setMessage, clearing };
}
