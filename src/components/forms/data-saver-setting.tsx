// The low-bandwidth setting: automatic (on for Save-Data or a 2G link), on, or off (src/state/settings/data-saver.ts).
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $saverSetting, SAVER_SETTINGS, setSaverSetting } from '../../state/settings/data-saver.ts';
import { ChoiceSetting } from './setting-card.tsx';

const OPTIONS = SAVER_SETTINGS.map((value) => ({ value, labelKey: `conn.saver_${value}` }));

export function DataSaverSetting(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  return (
    <ChoiceSetting
      testId="data-saver-setting"
      labelKey="conn.saver"
      options={OPTIONS}
      value={$saverSetting.value}
      onChange={setSaverSetting}
    >
      <p className="pref-card__hint">{t('conn.saver_hint')}</p>
    </ChoiceSetting>
  );
}
