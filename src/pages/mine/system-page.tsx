// /mine/system ("other").
import type { ReactElement } from 'react';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { LogoutButton } from '../../components/account/logout-button.tsx';
import { ConfirmMarketSetting, DataSaverSetting, OneClickSetting, UpdownSetting } from './trading-prefs.tsx';
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
