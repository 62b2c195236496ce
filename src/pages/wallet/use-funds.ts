// The trader's balance for a wallet screen: loaded on mount and on `refresh` (after a pull or a submit).
import { useCallback, useEffect, useState } from 'react';
import { balance as loadBalance } from '../../api/account.ts';
import type { Balance } from '../../domain/types.ts';

export function useFunds(): { funds: Balance | null; refresh: () => void } {
  const [funds, setFunds] = useState<Balance | null>(null);
  const refresh = useCallback(() => {
    loadBalance({ toast: false }).then(setFunds, () => undefined);
  }, []);
  useEffect(refresh, [refresh]);
  return { funds, refresh };
}
