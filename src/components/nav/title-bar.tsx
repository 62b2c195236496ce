// The screen's sticky title bar.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../icons/icons.tsx';
import { ConnBadge } from '../status/conn-badge.tsx';
import { useGoBack } from './use-go-back.ts';
import { useWide } from '../hooks/use-wide.ts';
import '../icons/icon-button.css';
import './title-bar.css';
import { ICON_BACK } from '../icons/screen-icons.ts';

export interface TitleBarProps {
  titleKey: string;
  /** A path goes there; true goes back in history (or to / when the app was opened here). */
  back?: boolean | string;
  right?: ReactNode;
  /** The desk navigation shows its own at ≥ 1280 px. */
  conn?: boolean;
}

export function TitleBar({ titleKey, back, right, conn }: TitleBarProps): ReactElement {
  const { t } = useTranslation();
  const goBack = useGoBack(typeof back === 'string' ? back : '/');
  const wide = useWide(); // the desk navigation already has the badge: one live dot on screen
  return (
    <header className="title-bar">
      <div className="title-bar__side">
        {back ? (
          <button type="button" className="icon-button" onClick={goBack} aria-label={t('common.back')}>
            <Icon icon={ICON_BACK} className="flip-rtl" />
          </button>
        ) : null}
      </div>
      <h1 className="title-bar__title">{t(titleKey)}</h1>
      <div className="title-bar__side title-bar__side--end">
        {conn && !wide ? <ConnBadge /> : null}
        {right}
      </div>
    </header>
  );
}
