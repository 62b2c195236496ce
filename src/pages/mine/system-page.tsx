// /mine/system ("other"): the data-saver, one-click and up/down colour settings, and the logout row with its confirm dialog (docs/contract.md §2, §4: logout → root route).
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { logout as serverLogout } from '../../api/account.ts';
import { $token, signOut } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';
import { forgetPushDevice } from '../../state/alerts/web-push.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { DataSaverSetting } from '../../components/forms/data-saver-setting.tsx';
import { ConfirmMarketSetting, OneClickSetting, UpdownSetting } from './trading-prefs.tsx';
import './mine.css';
import { ICON_BACK } from '../../components/icons/screen-icons.ts';

export function SystemPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const leaving = useRef(false);
  // The session is cleared once this page has been left for /: cleared while it still shows, its login guard
  // (a sign-out is a synchronous render, the navigation a transition) sent the user to /login?from=/mine/system.
  useEffect(
    () => () => {
      if (!leaving.current) return;
      // Revoke the token on the server (fire and forget: offline, the local sign-out still happens).
      const token = $token.peek();
      // This browser stops receiving the account's price alerts first (it needs the token), then the token is revoked.
      if (token) void forgetPushDevice(token).finally(() => serverLogout(token).catch(() => undefined));
      signOut();
      toast(t('user.logout_success'));
    },
    [t],
  );
  const logout = (): void => {
    setConfirm(false);
    leaving.current = true;
    void navigate('/', { replace: true }); // docs/contract.md §4: logout returns to the root route
  };
  return (
    <div className="page">
      <TitleBar titleKey="page.system" back="/user" />
      <div className="page-body">
        <DataSaverSetting />
        <ConfirmMarketSetting />
        <OneClickSetting />
        <UpdownSetting />
        <button type="button" className="mine-danger-row" onClick={() => setConfirm(true)} data-testid="logout">
          <Icon icon={ICON_BACK} size={20} className="flip-rtl" />
          <span>{t('user.logout')}</span>
        </button>
      </div>
      <ConfirmDialog
        open={confirm}
        messageKey="user.logout_confirm"
        confirmKey="user.logout"
        danger
        onConfirm={logout}
        onCancel={() => setConfirm(false)}
      />
    </div>
  );
}
