// The "nothing here (yet)" block: an icon and one translated line, optionally a hint under it.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon, type IconName } from '../icons/icons.tsx';
import './empty-state.css';

export interface EmptyStateProps {
  textKey: string;
  hintKey?: string;
  icon?: IconName;
  children?: ReactNode; // e.g. an action button
}

export function EmptyState({ textKey, hintKey, icon = 'empty', children }: EmptyStateProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="empty-state" role="status">
      <span className="empty-state__icon">
        <Icon name={icon} size={40} />
      </span>
      <p className="empty-state__text">{t(textKey)}</p>
      {hintKey ? <p className="empty-state__hint">{t(hintKey)}</p> : null}
      {children}
    </div>
  );
}
