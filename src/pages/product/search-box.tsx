// Search as you type: the box, a quiet time before each search, and only the newest answer kept.
import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from '../../components/lists/spinner.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { ICON_SEARCH } from '../../components/icons/first-icons.ts';
import { browserTimers } from '../../state/shell/clock.ts';

// Only the newest query's answer is kept: a slow older one that lands later is dropped.
export type Answer<T> = { ok: true; query: string; value: T } | { ok: false; query: string } | null;

/** `ask` must be stable (a module function): it is a dependency of `search`; `later` searches once `ms` pass quiet. */
export function useLatestAnswer<T>(ask: (query: string) => Promise<T>, ms: number) {
  const seq = useRef(0);
  const timer = useRef<unknown>(null);
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
  const cancel = useCallback(() => {
    if (timer.current !== null) browserTimers.clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);
  const later = useCallback(
    (query: string) => {
      cancel();
      timer.current = browserTimers.setTimeout(() => {
        timer.current = null;
        search(query);
      }, ms);
    },
    [cancel, search, ms],
  );
  const drop = useCallback(() => {
    cancel();
    seq.current++;
    setAnswer(null);
    setSearching(false);
  }, [cancel]);
  return { answer, searching, search, later, drop };
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
