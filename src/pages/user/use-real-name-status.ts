// Shown in the user center so a trader sees it before a withdrawal needs it.
import { useEffect, useState } from 'react';
import { useRefreshOnChange } from '../../components/hooks/use-refresh-on-change.ts';
import { realNameCenter } from '../../api/wallet.ts';
import type { RealNameCenter } from '../../../domain/wallet-types.ts';

export type ReviewStatusValue = RealNameCenter['review_status'];

export const REAL_NAME_STATUS_KEY: Record<ReviewStatusValue, string> = {
  0: 'realname.none',
  1: 'realname.waiting',
  2: 'realname.finish',
};

/** Null for demo accounts, while loading, or when it could not be read. */
export function useRealNameStatus(isDemo: boolean): ReviewStatusValue | null {
  const [status, setStatus] = useState<ReviewStatusValue | null>(null);
  const [reads, setReads] = useState(0);
  useRefreshOnChange(() => setReads((n) => n + 1)); // an operator reviewed it while the page was open
  useEffect(() => {
    setStatus(null);
    if (isDemo) return undefined;
    let live = true;
    realNameCenter({ toast: false }).then(
      (c) => live && setStatus(c.review_status),
      () => undefined, // the row simply shows no status
    );
    return () => {
      live = false;
    };
  }, [isDemo, reads]);
  return status;
}
