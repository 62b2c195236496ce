// A message left under a corrected value reads as if the fix had not worked, so it goes at the first change.
import { useCallback, useState } from 'react';

export function useFormMessage() {
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
