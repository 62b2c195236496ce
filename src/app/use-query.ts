// Query parameters of the part of the URL after the hash (SPEC §2): #/register?invite_code=AB12.
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';

export function useQuery(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** The same outside React, from a full href (the feed's ?feed=main check, tests). */
export function hashQuery(href: string): URLSearchParams {
  const hash = href.indexOf('#');
  if (hash < 0) return new URLSearchParams();
  const afterHash = href.slice(hash + 1);
  const q = afterHash.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : afterHash.slice(q + 1));
}
