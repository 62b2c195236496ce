// A transition after the first commit: lazy work waits for the first frame; React attaches to prerendered HTML sooner.
import { startTransition, useEffect, useState } from 'react';

export function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => startTransition(() => setCommitted(true)), []);
  return committed;
}
