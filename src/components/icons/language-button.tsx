// Globe icon button to the language list (/language).
import type { ReactElement } from 'react';
import { AppLink } from '../nav/app-link.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from './icons.tsx';
import './icon-button.css';
import { ICON_GLOBE } from './first-icons.ts';

export function LanguageButton(): ReactElement {
  const { t } = useTranslation();
  return (
    <AppLink to="/language" className="icon-button" aria-label={t('page.language')} data-testid="language-button">
      <Icon icon={ICON_GLOBE} />
    </AppLink>
  );
}
