// /user, the user center (docs/contract.md §2).
import { useRefreshOnChange } from '../../components/hooks/use-refresh-on-change.ts';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useNavigate, Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { SERVICE_LINK_NEW_WINDOW, type Balance } from '../../../domain/types.ts';
import { balance as loadBalance, resetDemo } from '../../api/account.ts';
import { isCancelled } from '../../api/client.ts';
import { $isDemo, $settings, $user } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { Icon, type IconPath } from '../../components/icons/icons.tsx';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { LogoutButton } from '../../components/account/logout-button.tsx';
import { keepLocal, localStore } from '../../state/shell/local-store.ts';
import { CURRENCY, type RealNameCenter } from '../../../domain/wallet-types.ts';
import { formatMoney } from '../../i18n/format.ts';
import {
  ICON_CHEVRON,
  ICON_EYE,
  ICON_EYE_OFF,
  ICON_LOCK,
  ICON_BELL,
  ICON_CHAT,
  ICON_DEPOSIT,
  ICON_GIFT,
  ICON_ID,
  ICON_MAIL,
  ICON_FEEDBACK,
  ICON_MORE,
  ICON_RESET,
  ICON_WALLET,
  ICON_WITHDRAW,
} from '../../components/icons/screen-icons.ts';
import { realNameCenter } from '../../api/wallet.ts';
import { ICON_GLOBE, ICON_ORDERS, ICON_USER } from '../../components/icons/first-icons.ts';
import { FUNDS_PATH } from '../../components/nav/fund-paths.ts';
import './user-page.css';
import { Num } from '../../components/text/num.tsx';
import { useBusy } from '../../components/forms/use-form-submit.ts';

// The rows of the user center (docs/contract.md §2) in display order; a row without an action opens its page.
export interface UserRowDef {
  key: string;
  icon: IconPath;
  labelKey: string;
  action?: 'reset-demo' | 'service';
  to?: string;
  demoBlocked?: boolean; // a demo account sees the real-account message instead
  demoOnly?: boolean; // only shown to demo accounts
}

export const USER_ROWS: readonly UserRowDef[] = [
  { key: 'deposit', icon: ICON_DEPOSIT, labelKey: 'user.deposit', to: '/mine/charge', demoBlocked: true },
  { key: 'withdraw', icon: ICON_WITHDRAW, labelKey: 'user.withdraw', to: '/mine/withdraw', demoBlocked: true },
  { key: 'reset', icon: ICON_RESET, labelKey: 'user.reset_demo', action: 'reset-demo', demoOnly: true },
  { key: 'wallet', icon: ICON_WALLET, labelKey: 'user.wallet', to: '/mine/wallet', demoBlocked: true },
  { key: 'mining', icon: ICON_WALLET, labelKey: 'mining.user_row', to: FUNDS_PATH },
  { key: 'auth', icon: ICON_ID, labelKey: 'user.real_name', to: '/mine/auth', demoBlocked: true },
  { key: 'invite', icon: ICON_GIFT, labelKey: 'user.invite', to: '/mine/invite', demoBlocked: true },
  { key: 'password', icon: ICON_LOCK, labelKey: 'user.password', to: '/mine/password', demoBlocked: true },
  { key: 'security', icon: ICON_LOCK, labelKey: 'security.title', to: '/mine/security', demoBlocked: true },
  { key: 'notices', icon: ICON_BELL, labelKey: 'notices.screen.link', to: '/mine/notices', demoBlocked: true },
  { key: 'service', icon: ICON_CHAT, labelKey: 'user.service', action: 'service', to: '/mine/chat' },
  { key: 'email', icon: ICON_MAIL, labelKey: 'user.complaint_email', to: '/mine/email' },
  { key: 'feedback', icon: ICON_FEEDBACK, labelKey: 'user.feedback', to: '/feedback' },
  { key: 'announcement', icon: ICON_BELL, labelKey: 'user.announcement', to: '/mine/announcement' },
  { key: 'news', icon: ICON_ORDERS, labelKey: 'page.news', to: '/news' },
  { key: 'language', icon: ICON_GLOBE, labelKey: 'user.language', to: '/language' },
  { key: 'other', icon: ICON_MORE, labelKey: 'user.other', to: '/mine/system' },
];

export const HIDE_BALANCE_KEY = 'tw-hide-balance';
const MASK = '****';

export function BalanceCard({ balance }: { balance: Balance | null }): ReactElement {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => localStore()?.getItem(HIDE_BALANCE_KEY) === '1');
  const toggle = (): void => {
    const next = !hidden;
    setHidden(next);
    keepLocal(HIDE_BALANCE_KEY, next ? '1' : '0');
  };
  const show = (v: string | undefined): string => (hidden ? MASK : formatMoney(v));
  return (
    <section className="balance-card" data-testid="balance-card">
      <div className="balance-card__head">
        <span>{t('user.balance_title')}</span>
        <button
          type="button"
          className="balance-card__eye"
          onClick={toggle}
          aria-pressed={hidden}
          aria-label={t(hidden ? 'user.show_balance' : 'user.hide_balance')}
          data-testid="balance-toggle"
        >
          <Icon icon={hidden ? ICON_EYE_OFF : ICON_EYE} size={20} />
        </button>
      </div>
      <Link to="/mine/history" className="balance-card__main">
        <span className="balance-card__amount num" data-testid="balance-amount">
          {show(balance?.balance)}
        </span>
        <span className="balance-card__ccy">{CURRENCY}</span>
        <Icon icon={ICON_CHEVRON} size={18} className="flip-rtl balance-card__chev" />
      </Link>
      <div className="balance-card__sub">
        <span>{t('user.frozen')}</span>
        <span className="num">{`${show(balance?.lock_balance)} ${CURRENCY}`}</span>
      </div>
    </section>
  );
}

// Shown in the user center so a trader sees it before a withdrawal needs it; by review_status 0, 1, 2.
const REAL_NAME_STATUS_KEY = ['realname.none', 'realname.waiting', 'realname.finish'] as const;

/** Null for demo accounts, while loading, or when it could not be read. */
function useRealNameStatus(isDemo: boolean): RealNameCenter['review_status'] | null {
  const load = useCallback(() => realNameCenter({ toast: false }), []);
  // A failed read: the row simply shows no status.
  const { data, reload } = useLoaded(isDemo ? null : load);
  useRefreshOnChange(reload); // an operator reviewed it while the page was open
  return data?.review_status ?? null;
}

export function UserPage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = $user.value;
  const isDemo = $isDemo.value;
  const [funds, setFunds] = useState<Balance | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  const refresh = useCallback(() => {
    loadBalance().then(setFunds, (err: unknown) => {
      if (!isCancelled(err)) setFunds(null);
    });
  }, []);
  useEffect(refresh, [refresh]);
  useRefreshOnChange(refresh);
  const realName = useRealNameStatus(isDemo);

  const open = (row: UserRowDef): void => {
    if (row.demoBlocked && isDemo) {
      toast(t('errors.real_account_required')); // blocked pages do not open for a demo account
      return;
    }
    if (row.action === 'reset-demo') {
      setConfirmReset(true);
      return;
    }
    const settings = $settings.peek();
    if (row.action === 'service' && settings?.service_link && settings.service_link_type === SERVICE_LINK_NEW_WINDOW) {
      window.open(settings.service_link, '_blank', 'noopener');
      return;
    }
    if (row.to) void navigate(row.to);
  };

  const { during } = useBusy();
  const doReset = async (): Promise<void> => {
    setConfirmReset(false);
    await during(async () => {
      toast((await resetDemo()).msg);
      refresh();
    });
  };

  const who = user ? user.email || user.mobile || t(isDemo ? 'user.demo_name' : 'user.member_name') : '';
  return (
    <div className="page user-page">
      <TitleBar titleKey="page.user" />
      <div className="page-body user-page__body">
        <section className="user-head">
          <span className="user-head__avatar">
            <Icon icon={ICON_USER} size={28} />
          </span>
          <div className="user-head__who">
            <span className="user-head__name" data-testid="user-name">
              {who}
            </span>
            <span className="user-head__uid">
              <Num>{user ? t('user.uid', { uid: user.uid }) : ''}</Num>
            </span>
          </div>
          <span className="user-head__badge" data-demo={isDemo} data-testid="account-kind">
            {t(isDemo ? 'user.demo_account' : 'user.real_account')}
          </span>
        </section>
        <BalanceCard balance={funds} />
        <ul className="user-rows">
          {USER_ROWS.filter((r) => !r.demoOnly || isDemo).map((row) => (
            <li key={row.key}>
              <button
                type="button"
                className="user-row"
                onClick={() => open(row)}
                data-row={row.key}
                data-locked={row.demoBlocked && isDemo ? 'true' : undefined}
              >
                <span className="user-row__icon">
                  <Icon icon={row.icon} size={20} />
                </span>
                <span className="user-row__label">{t(row.labelKey)}</span>
                {row.key === 'auth' && realName !== null ? (
                  <span className="user-row__note" data-status={realName} data-testid="realname-row-status">
                    {t(REAL_NAME_STATUS_KEY[realName])}
                  </span>
                ) : null}
                {row.demoBlocked && isDemo ? <Icon icon={ICON_LOCK} size={16} className="user-row__lock" /> : null}
                <Icon icon={ICON_CHEVRON} size={18} className="flip-rtl user-row__chev" />
              </button>
            </li>
          ))}
        </ul>
        <LogoutButton />
      </div>
      <ConfirmDialog
        open={confirmReset}
        titleKey="user.reset_demo"
        messageKey="user.reset_demo_confirm"
        onConfirm={() => void doReset()}
        onCancel={() => setConfirmReset(false)}
      />
    </div>
  );
}
