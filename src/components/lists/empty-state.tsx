// The "nothing here (yet)" block: an icon and one translated line, optionally a hint under it.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon, type IconPath } from '../icons/icons.tsx';
import { ICON_EMPTY } from '../icons/first-icons.ts';
import './empty-state.css';

export interface EmptyStateProps {
  textKey: string;
  hintKey?: string;
  icon?: IconPath;
  children?: ReactNode; // e.g. an action button
}

export function EmptyState({ textKey, hintKey, icon = ICON_EMPTY, children }: EmptyStateProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="empty-state" role="status">
      <span className="empty-state__icon">
        <Icon icon={icon} size={40} />
      </span>
      <p className="empty-state__text">{t(textKey)}</p>
      {hintKey ? <p className="empty-state__hint">{t(hintKey)}</p> : null}
      {children}
    </div>
  );
}
