// Re-read on demand after a money action.
import { useCallback, useEffect, useState } from 'react';
import { balance as loadBalance } from '../../api/account.ts';
import type { Balance } from '../../../domain/types.ts';
import { useRefreshOnChange } from '../../components/hooks/use-refresh-on-change.ts';

export function useBalance(): { funds: Balance | null; reload: () => void } {
  const [funds, setFunds] = useState<Balance | null>(null);
  const reload = useCallback(() => {
    loadBalance().then(setFunds, () => undefined);
  }, []);
  useEffect(reload, [reload]);
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
