// Says what is missing and where to choose one, instead of asking the server with a bad id.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router-dom';
import { EmptyState } from './empty-state.tsx';
import { ICON_SEARCH } from '../icons/first-icons.ts';

export interface MissingQueryProps {
  /** What is missing and where to find it ("Which subscription? Open one from My subscriptions…"). */
  textKey: string;
  to: string;
  linkKey: string;
}

export function MissingQuery({ textKey, to, linkKey }: MissingQueryProps): ReactElement {
  const { t } = useTranslation();
  return (
    <EmptyState textKey={textKey} icon={ICON_SEARCH}>
      <Link to={to} className="btn btn-secondary" data-testid="missing-query-link">
        {t(linkKey)}
      </Link>
    </EmptyState>
  );
}
