// /mine/system ("other"): the trader's settings, each kept in localStorage.
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { LogoutButton } from '../../components/account/logout-button.tsx';
import { ChoiceSetting } from '../../components/forms/setting-card.tsx';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { $confirmMarket, $oneClick, setConfirmMarket, setOneClick } from '../../state/orders/one-click.ts';
import { $updown, setUpdown, UPDOWNS } from '../../state/settings/updown.ts';
import { $saverSetting, SAVER_SETTINGS, setSaverSetting } from '../../state/settings/data-saver.ts';
import './trading-prefs.css';

const UPDOWN_OPTIONS = UPDOWNS.map((value) => ({ value, labelKey: `prefs.updown_${value.replace('-', '_')}` }));

interface SwitchCardProps {
  testId: string;
  labelKey: string;
  field: string;
  on: boolean;
  onChange: (on: boolean) => void;
  hint: ReactNode;
  children?: ReactNode;
}

function SwitchCard({ testId, labelKey, field, on, onChange, hint, children }: SwitchCardProps): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="pref-card" data-testid={testId}>
      <label className="pref-switch" htmlFor={id}>
        <span className="pref-card__label">{t(labelKey)}</span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={`${id}-hint`}
          data-field={field}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      </label>
      <p id={`${id}-hint`} className="pref-card__hint">
        {hint}
      </p>
      {children}
    </div>
  );
}

function OneClickSetting(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <SwitchCard
      testId="one-click-setting"
      labelKey="prefs.one_click"
      field="one-click"
      on={$oneClick.value}
      onChange={(on) => (on ? setAsking(true) : setOneClick(false))}
      hint={
        <>
          {t('prefs.one_click_risk')} <strong>{t('prefs.one_click_no_undo')}</strong>
        </>
      }
    >
      <ConfirmDialog
        open={asking}
        titleKey="prefs.one_click_confirm_title"
        messageKey="prefs.one_click_risk"
        confirmKey="prefs.one_click_enable"
        danger
        onConfirm={() => {
          setAsking(false);
          setOneClick(true);
        }}
        onCancel={() => setAsking(false)}
      />
    </SwitchCard>
  );
}

// The low-bandwidth setting: automatic (on for Save-Data or a 2G link), on, or off (src/state/settings/data-saver.ts).
const SAVER_OPTIONS = SAVER_SETTINGS.map((value) => ({ value, labelKey: `conn.saver_${value}` }));

export function SystemPage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  return (
    <div className="page">
      <TitleBar titleKey="page.system" back="/user" />
      <div className="page-body">
        <ChoiceSetting
          testId="data-saver-setting"
          labelKey="conn.saver"
          options={SAVER_OPTIONS}
          value={$saverSetting.value}
          onChange={setSaverSetting}
        >
          <p className="pref-card__hint">{t('conn.saver_hint')}</p>
        </ChoiceSetting>
        {/* On by default. */}
        <SwitchCard
          testId="confirm-market-setting"
          labelKey="prefs.confirm_market"
          field="confirm-market"
          on={$confirmMarket.value}
          onChange={setConfirmMarket}
          hint={t('prefs.confirm_market_hint')}
        />
        <OneClickSetting />
        <ChoiceSetting
          testId="updown-setting"
          labelKey="prefs.updown"
          options={UPDOWN_OPTIONS}
          value={$updown.value}
          onChange={setUpdown}
        >
          <p className="pref-card__samples" aria-hidden="true">
            <span className="up">{t('prefs.sample_up')}</span>
            <span className="down">{t('prefs.sample_down')}</span>
          </p>
          <p className="pref-card__hint">{t('prefs.motion_hint')}</p>
        </ChoiceSetting>
        <LogoutButton />
      </div>
    </div>
  );
}
