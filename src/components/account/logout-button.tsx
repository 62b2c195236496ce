// One component so the log-out rows (user center, security, Me → Other) behave the same.
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
    // Signed out before / opens, in one click's batch, so this page's login guard never sees the session gone.
    signOut();
    void navigate('/', { replace: true }); // docs/contract.md §4: logout returns to the root route
    toast(t('user.logout_success'));
    // Alerts need the token, so the device is forgotten before it is revoked; offline, the local sign-out still holds.
    if (token)
      void forgetPushDevice(token)
        .catch(() => undefined)
        .then(() => serverLogout(token))
        .catch(() => undefined);
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
