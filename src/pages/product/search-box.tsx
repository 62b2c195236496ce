// Search as you type: the box, a debouncer on injected timers, and only the newest answer kept.
import { type ReactElement, useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from '../../components/lists/spinner.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { ICON_SEARCH } from '../../components/icons/first-icons.ts';
import type { Timers } from '../../state/shell/clock.ts';

// Only the newest query's answer is kept: a slow older one that lands later is dropped.
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

// A debouncer with injected timers: only the last call within `ms` runs (search as you type).
export interface Debouncer {
  run(fn: () => void): void;
  cancel(): void;
}

export function debouncer(timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>, ms: number): Debouncer {
  let handle: unknown = null;
  const cancel = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  return {
    run(fn) {
      cancel();
      handle = timers.setTimeout(() => {
        handle = null;
        fn();
      }, ms);
    },
    cancel,
  };
}

export interface SearchBoxProps {
  value: string;
  onInput: (value: string) => void;
  /** Shown in the empty box and read out as its label. */
  placeholderKey: string;
  searching: boolean;
  autoFocus?: boolean;
}

export function SearchBox({ value, onInput, placeholderKey, searching, autoFocus }: SearchBoxProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="pd-search">
      <label className="pd-box">
        <Icon icon={ICON_SEARCH} size={18} />
        <input
          type="search"
          value={value}
          autoFocus={autoFocus}
          enterKeyHint="search"
          placeholder={t(placeholderKey)}
          aria-label={t(placeholderKey)}
          onChange={(e) => onInput(e.target.value)}
        />
        {searching ? <Spinner size={16} /> : null}
      </label>
    </div>
  );
}
