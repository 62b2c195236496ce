// The footer with the five tabs (phones), with the connection dot; on wide screens the tabs move to the top nav.
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { TABS, activeTab } from './tabs.ts';
import { $conn } from '../../state/feed/feed-signals.ts';
import { Icon } from '../icons/icons.tsx';
import { TabLink } from './tab-link.tsx';
import './tab-bar.css';

export function TabBar(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const conn = $conn.value;
  const { pathname, search } = useLocation();
  const active = activeTab(pathname, search);
  return (
    <nav className="tab-bar" aria-label={t('nav.label')}>
      {TABS.map((tab) => (
        <TabLink key={tab.key} to={tab.to} tab={tab.key} current={active === tab.key} className="tab-bar__tab">
          <span className="tab-bar__icon">
            <Icon icon={tab.icon} size={22} />
            {tab.key === 'market' ? (
              // The live connection, discreetly: a dot on the market tab (label for screen readers and on hover).
              <span className="tab-bar__conn" data-conn={conn} title={t(`conn.${conn}`)} data-testid="tab-conn">
                <span className="visually-hidden">{t(`conn.${conn}`)}</span>
              </span>
            ) : null}
          </span>
          <span className="tab-bar__label">{t(`nav.${tab.key}`)}</span>
        </TabLink>
      ))}
    </nav>
  );
}
