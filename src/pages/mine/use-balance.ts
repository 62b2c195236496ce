// The USD balance (available and frozen) of the wallet screens, re-read on demand after a money action.
import { useCallback, useEffect, useState } from 'react';
import { balance as loadBalance } from '../../api/account.ts';
import type { Balance } from '../../domain/types.ts';

export function useBalance(): { funds: Balance | null; reload: () => void } {
  const [funds, setFunds] = useState<Balance | null>(null);
  const reload = useCallback(() => {
    loadBalance().then(setFunds, () => undefined);
  }, []);
  useEffect(reload, [reload]);
  return { funds, reload };
}
