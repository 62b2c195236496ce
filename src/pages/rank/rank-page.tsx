// /rank: the trader ranking, and with ?tab=copy the copy-trading (documentary) view; both arrive later.
import type { ReactElement } from 'react';
import { useQuery } from '../../app/use-query.ts';
import { PlaceholderPage } from '../placeholder/placeholder-page.tsx';

export function RankPage(): ReactElement {
  const copy = useQuery().get('tab') === 'copy';
  return <PlaceholderPage titleKey={copy ? 'page.copy' : 'page.rank'} back={false} />;
}
