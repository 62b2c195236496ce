// /mine/security (docs/security.md "Second factor", "Sessions and devices"); real accounts only.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import type { SecurityOverview } from '../../../domain/security-types.ts';
import { securityOverview } from '../../api/security.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDate } from '../../i18n/format.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { FactorSection } from './factor-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { NoticeSettingsSection } from '../../components/account/notice-settings-section.tsx';
import { LogoutButton } from '../../components/account/logout-button.tsx';
import './security.css';

export function SecurityPage(): ReactElement {
  const { t } = useTranslation();
  const [view, setView] = useState<SecurityOverview | null>(null);
  const reload = useCallback(() => {
    securityOverview().then(setView, () => undefined);
  }, []);
  useEffect(reload, [reload]);
  // Held or not by the server's clock (0 once passed), never the browser's.
  const held = view && view.withdrawals_held_until > 0 ? view.withdrawals_held_until : null;
  return (
    <div className="page">
      <TitleBar titleKey="security.title" back="/user" />
      <div className="page-body sec-page" data-testid="security-page">
        {held !== null ? (
          <p className="sec-held" data-testid="withdrawals-held">
            {t('security.withdrawals_held', { time: formatDate(held) })}
          </p>
        ) : null}
        {view ? <FactorSection on={view.second_factor === 1} left={view.recovery_left} onChange={reload} /> : null}
        {view ? <SessionsSection sessions={view.sessions} onChange={reload} /> : null}
        {view ? <NoticeSettingsSection /> : null}
        <LogoutButton />
      </div>
    </div>
  );
}
