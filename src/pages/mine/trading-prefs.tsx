// The trader's preferences on /mine/system: one-click trading (off by default; turning it on asks once, with the
// risk text) and the up/down colours (src/state/one-click.ts, src/state/updown.ts; both kept in localStorage).
import { useId, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../components/segmented.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { $oneClick, setOneClick } from '../../state/one-click.ts';
import { $updown, setUpdown, UPDOWNS } from '../../state/updown.ts';
import './trading-prefs.css';

const UPDOWN_OPTIONS = UPDOWNS.map((value) => ({ value, labelKey: `prefs.updown_${value.replace('-', '_')}` }));

export function OneClickSetting(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const on = $oneClick.value;
  return (
    <div className="pref-card" data-testid="one-click-setting">
      <label className="pref-switch" htmlFor={id}>
        <span className="pref-card__label">{t('prefs.one_click')}</span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={`${id}-risk`}
          data-field="one-click"
          onChange={(e) => (e.currentTarget.checked ? setAsking(true) : setOneClick(false))}
        />
      </label>
      <p id={`${id}-risk`} className="pref-card__hint">
        {t('prefs.one_click_risk')} <strong>{t('prefs.one_click_no_undo')}</strong>
      </p>
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
    </div>
  );
}

export function UpdownSetting(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  return (
    <div className="pref-card" data-testid="updown-setting">
      <span className="pref-card__label">{t('prefs.updown')}</span>
      <Segmented options={UPDOWN_OPTIONS} value={$updown.value} onChange={(v) => setUpdown(v)} labelKey="prefs.updown" />
      <p className="pref-card__samples" aria-hidden="true">
        <span className="up">{t('prefs.sample_up')}</span>
        <span className="down">{t('prefs.sample_down')}</span>
      </p>
      <p className="pref-card__hint">{t('prefs.motion_hint')}</p>
    </div>
  );
}
