// The log-out row with its confirm dialog (docs/contract.md §2, §4: logout → root route), shown where a trader looks for
// it: the end of the user center, the security page and Me → Other. One component so the three behave the same.
import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { logout as serverLogout } from '../../api/account.ts';
import { $token, signOut } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';
import { forgetPushDevice } from '../../state/alerts/web-push.ts';
import { Icon } from '../icons/icons.tsx';
import { ConfirmDialog } from '../overlays/confirm-dialog.tsx';
import { ICON_BACK } from '../icons/screen-icons.ts';
import './logout-button.css';

export function LogoutButton(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const logout = (): void => {
    setConfirm(false);
    const token = $token.peek();
    // Signed out before / opens, so / draws for a visitor and asks nothing with the token being revoked; both updates
    // come from this one click, so React draws them as one and this page's login guard never sees the session gone.
    signOut();
    void navigate('/', { replace: true }); // docs/contract.md §4: logout returns to the root route
    toast(t('user.logout_success'));
    // This browser stops receiving the account's price alerts first (it needs the token), then the token is revoked;
    // fire and forget: offline, the local sign-out still happens.
    if (token) void forgetPushDevice(token).finally(() => serverLogout(token).catch(() => undefined));
  };
  return (
    <>
      <button type="button" className="logout-row" onClick={() => setConfirm(true)} data-testid="logout">
        <Icon icon={ICON_BACK} size={20} className="flip-rtl" />
        <span>{t('user.logout')}</span>
      </button>
      <ConfirmDialog
        open={confirm}
        messageKey="user.logout_confirm"
        confirmKey="user.logout"
        danger
        onConfirm={logout}
        onCancel={() => setConfirm(false)}
      />
    </>
  );
}
