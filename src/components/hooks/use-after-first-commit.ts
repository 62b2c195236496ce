// False in a component's first render, true from the render after its first commit: what waits behind it (a lazy
// chunk's request) starts only once the first frame's own work is on screen.
import { useEffect, useState } from 'react';

export function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => setCommitted(true), []);
  return committed;
}
