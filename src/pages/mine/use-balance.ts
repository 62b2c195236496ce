// Re-read on demand after a money action.
import { useCallback } from 'react';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { balance as loadBalance } from '../../api/account.ts';
import type { Balance } from '../../../domain/types.ts';
import { useRefreshOnChange } from '../../components/hooks/use-refresh-on-change.ts';

export function useBalance(): { funds: Balance | null; reload: () => void } {
  const { data: funds, reload } = useLoaded(loadBalance, undefined, true);
  useRefreshOnChange(reload);
  return { funds, reload };
}

/** One refresh re-reads both, the list from its first page. */
export function useBalanceWithList(list: { refresh: () => void }): { funds: Balance | null; refresh: () => void } {
  const { funds, reload } = useBalance();
  const refresh = useCallback(() => {
    reload();
    list.refresh();
  }, [reload, list]);
  return { funds, refresh };
}
