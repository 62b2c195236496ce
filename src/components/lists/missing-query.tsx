// A page opened without the record it shows (a fund's income with no ?id=, a mistyped link): it says what is missing
// and links to where one is chosen, instead of asking the server with a bad id and toasting its refusal.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router-dom';
import { EmptyState } from './empty-state.tsx';
import { ICON_SEARCH } from '../icons/first-icons.ts';

export interface MissingQueryProps {
  /** What is missing and where to find it ("Which subscription? Open one from My subscriptions…"). */
  textKey: string;
  /** Where one is chosen, and that place's name. */
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
