// The query is after the hash (docs/contract.md §2): #/register?invite_code=AB12.
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';

export function useQuery(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Null when missing or not a positive whole number: the page says so (MissingQuery), not the server. */
export function useIdQuery(name = 'id'): number | null {
  const raw = useQuery().get(name) ?? '';
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}
