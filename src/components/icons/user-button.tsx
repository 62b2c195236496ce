// Round icon button to the user center (or to login for a visitor): for screen headers such as the market list.
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $loggedIn } from '../../state/account/session.ts';
import { Icon } from './icons.tsx';
import './icon-button.css';
import { ICON_USER } from './first-icons.ts';

export function UserButton(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const to = $loggedIn.value ? '/user' : '/login?from=%2Fuser';
  return (
    <Link to={to} className="icon-button" aria-label={t('page.user')} data-testid="user-button">
      <Icon icon={ICON_USER} />
    </Link>
  );
}
