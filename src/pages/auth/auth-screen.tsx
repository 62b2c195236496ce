// The frame of the signed-out screens (login, register, forgot).
import type { ReactElement, ReactNode } from 'react';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { AuthHero } from './auth-hero.tsx';
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
  return (
    <div className="page auth-page">
      <TitleBar titleKey={titleKey} back right={right} />
      <div className="page-body">
        <AuthHero titleKey={heroKey} hintKey={hintKey} />
        {children}
      </div>
    </div>
  );
}
