// The frame of the content screens (announcement, complaint e-mail, invite, feedback).
import type { ReactElement, ReactNode } from 'react';
import { TitleBar } from './title-bar.tsx';
import './content-screen.css';

export function ContentScreen({ titleKey, children }: { titleKey: string; children: ReactNode }): ReactElement {
  return (
    <div className="page">
      <TitleBar titleKey={titleKey} back />
      <div className="page-body ct-body">{children}</div>
    </div>
  );
}
