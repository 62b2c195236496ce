// Off the first screen: only the money screens choose from a loaded list, so this stays out of components/lists.
import { useState } from 'react';
import { useLoaded } from '../../components/lists/loaded.tsx';

/**
 * A loaded list to choose from (a network, a currency, a bank account); a new `load` starts from its first again.
 * `chosen` is the first item until another is chosen, null while there is none; `loading` until the list came or failed.
 */
export function useFirstChoice<T extends { id: number }>(load: (() => Promise<T[]>) | null) {
  const { data, failed } = useLoaded(load);
  const [picked, setPicked] = useState<{ load: unknown; id: number } | null>(null);
  const list = data ?? [];
  const chosen = (picked?.load === load ? list.find((x) => x.id === picked.id) : undefined) ?? list[0] ?? null;
  return { list, chosen, choose: (id: number) => setPicked({ load, id }), loading: !data && !failed };
}
