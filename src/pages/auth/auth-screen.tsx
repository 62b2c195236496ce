// The frame of the signed-out screens (login, register, forgot): the title bar with its back button, the logo and
// welcome line (AuthHero), then the screen's form.
import type { ReactElement, ReactNode } from 'react';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { AuthHero } from './auth-hero.tsx';
import './auth.css';

export interface AuthScreenProps {
  /** The title bar's text. */
  titleKey: string;
  /** The welcome line under the logo and its hint. */
  heroKey: string;
  hintKey: string;
  /** The title bar's right slot (the language button). */
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
