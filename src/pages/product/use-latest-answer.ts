// Only the newest query's answer is kept: a slow older one that lands later is dropped.
import { useCallback, useRef, useState } from 'react';

export type Answer<T> = { ok: true; query: string; value: T } | { ok: false; query: string } | null;

export interface LatestAnswer<T> {
  answer: Answer<T>;
  searching: boolean;
  search: (query: string) => void;
  drop: () => void;
}

/** `ask` must be stable (a module function): it is a dependency of `search`. */
export function useLatestAnswer<T>(ask: (query: string) => Promise<T>): LatestAnswer<T> {
  const seq = useRef(0);
  const [answer, setAnswer] = useState<Answer<T>>(null);
  const [searching, setSearching] = useState(false);
  const search = useCallback(
    (query: string) => {
      const mine = ++seq.current;
      setSearching(true);
      ask(query)
        .then((value) => {
          if (mine === seq.current) setAnswer({ ok: true, query, value });
        })
        .catch(() => {
          if (mine === seq.current) setAnswer({ ok: false, query });
        })
        .finally(() => {
          if (mine === seq.current) setSearching(false);
        });
    },
    [ask],
  );
  const drop = useCallback(() => {
    seq.current++;
    setAnswer(null);
    setSearching(false);
  }, []);
  return { answer, searching, search, drop };
}
