import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { TABS, TabLink, activeTab } from '../../components/nav/tabs.tsx';
import { ConnBadge } from '../../components/status/conn-badge.tsx';
import { LanguageButton } from '../../components/icons/language-button.tsx';
import { UserButton } from '../../components/icons/user-button.tsx';
import './desk-nav.css';
import { FUNDS_PATH } from '../../components/nav/fund-paths.ts';

export function DeskNav(): ReactElement {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const active = activeTab(pathname, search);
  return (
    <header className="desk-nav">
      <Link to="/" className="desk-nav__brand" aria-label={t('common.app_name')}>
        <img src="favicon.svg" alt="" width={28} height={28} />
        <span>{t('common.app_name')}</span>
      </Link>
      <nav className="desk-nav__tabs" aria-label={t('nav.label')}>
        {TABS.map((tab) => (
          <TabLink key={tab.key} to={tab.to} tab={tab.key} current={active === tab.key} className="desk-nav__tab">
            {t(`nav.${tab.key}`)}
          </TabLink>
        ))}
        {/* The fund list is not a footer tab (docs/contract.md §2 names five); the desk layout lists it after them. */}
        <TabLink to={FUNDS_PATH} tab="mining" current={pathname.startsWith(FUNDS_PATH)} className="desk-nav__tab">
          {t('mining.title')}
        </TabLink>
        <TabLink to="/news" tab="news" current={pathname.startsWith('/news')} className="desk-nav__tab">
          {t('page.news')}
        </TabLink>
      </nav>
      <div className="desk-nav__end">
        <ConnBadge />
        <LanguageButton />
        <UserButton />
      </div>
    </header>
  );
}
