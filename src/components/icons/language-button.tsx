import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from './icons.tsx';
import './icon-button.css';
import { ICON_GLOBE } from './first-icons.ts';

export function LanguageButton(): ReactElement {
  const { t } = useTranslation();
  return (
    <Link to="/language" className="icon-button" aria-label={t('page.language')} data-testid="language-button">
      <Icon icon={ICON_GLOBE} />
    </Link>
  );
}
