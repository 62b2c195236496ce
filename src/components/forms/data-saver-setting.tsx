// The low-bandwidth setting: automatic (on for Save-Data or a 2G link), on, or off (src/state/data-saver.ts).
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $saverSetting, SAVER_SETTINGS, setSaverSetting } from '../../state/data-saver.ts';
import { Segmented } from './segmented.tsx';

const OPTIONS = SAVER_SETTINGS.map((value) => ({ value, labelKey: `conn.saver_${value}` }));

export function DataSaverSetting(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  return (
    <div className="data-saver-setting" data-testid="data-saver-setting">
      <span className="data-saver-setting__label">{t('conn.saver')}</span>
      <Segmented options={OPTIONS} value={$saverSetting.value} onChange={setSaverSetting} labelKey="conn.saver" />
      <span className="data-saver-setting__hint">{t('conn.saver_hint')}</span>
    </div>
  );
}
