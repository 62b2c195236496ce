// The frame of the signed-out screens (login, register, forgot).
import type { ReactElement, ReactNode } from 'react';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import './auth.css';

export interface AuthScreenProps {
  titleKey: string;
  heroKey: string;
  hintKey: string;
  /** The language button. */
  right?: ReactNode;
  children: ReactNode;
}

export function AuthScreen({ titleKey, heroKey, hintKey, right, children }: AuthScreenProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="page auth-page">
      <TitleBar titleKey={titleKey} back right={right} />
      <div className="page-body">
        <div className="auth-hero">
          <img className="auth-hero__logo" src="favicon.svg" alt="" width={56} height={56} />
          <h2 className="auth-hero__title">{t(heroKey)}</h2>
          {hintKey ? <p className="auth-hero__hint">{t(hintKey)}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
