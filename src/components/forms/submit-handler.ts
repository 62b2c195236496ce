// Keeps the browser's own submit (a page load) from happening.
import type { FormEvent } from 'react';

export function submitHandler(send: () => Promise<void>): (e: FormEvent) => void {
  return (e) => {
    e.preventDefault();
    void send();
  };
}
