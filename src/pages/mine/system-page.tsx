// /mine/system ("other"): the data-saver, one-click and up/down colour settings, and the log-out row (also at the end of
// the user center and on the security page).
import type { ReactElement } from 'react';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { DataSaverSetting } from '../../components/forms/data-saver-setting.tsx';
import { LogoutButton } from '../../components/account/logout-button.tsx';
import { ConfirmMarketSetting, OneClickSetting, UpdownSetting } from './trading-prefs.tsx';
import './mine.css';

export function SystemPage(): ReactElement {
  return (
    <div className="page">
      <TitleBar titleKey="page.system" back="/user" />
      <div className="page-body">
        <DataSaverSetting />
        <ConfirmMarketSetting />
        <OneClickSetting />
        <UpdownSetting />
        <LogoutButton />
      </div>
    </div>
  );
}
