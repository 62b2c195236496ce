// False in a component's first render, true from the render after its first commit: what waits behind it (a lazy
// chunk's request) starts only once the first frame's own work is on screen. That render is a transition: in the app
// frame (layout.tsx), attaching to the prerendered screen, it is what makes React attach to the route's own HTML (a
// boundary it otherwise leaves to its lowest priority, after the feed's first batch may have changed what the HTML
// shows: a redraw). A transition does it in slices, not one long task.
import { startTransition, useEffect, useState } from 'react';

export function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => startTransition(() => setCommitted(true)), []);
  return committed;
}
