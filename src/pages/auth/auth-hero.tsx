import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

export function AuthHero({ titleKey, hintKey }: { titleKey: string; hintKey?: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="auth-hero">
      <img className="auth-hero__logo" src="favicon.svg" alt="" width={56} height={56} />
      <h2 className="auth-hero__title">{t(titleKey)}</h2>
      {hintKey ? <p className="auth-hero__hint">{t(hintKey)}</p> : null}
    </div>
  );
}
