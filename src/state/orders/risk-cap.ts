// docs/trading.md "Size by risk": the operator's `risk_cap_percent`; 10 % until it arrives or when it cannot be read.
import { signal } from '@preact/signals-react';
import { DEFAULT_RISK_CAP_PERCENT, riskCapPercent } from '../../../domain/order-rules.ts';
import { publicSetting } from '../../api/common.ts';

export const $riskCap = signal(DEFAULT_RISK_CAP_PERCENT, { name: 'risk-cap.$riskCap' });

let asked = false;

/** Once per app start. */
export function loadRiskCap(): void {
  if (asked) return;
  asked = true;
  publicSetting('risk_cap_percent').then(
    (s) => {
      $riskCap.value = riskCapPercent(s.value);
    },
    () => undefined, // the default stays: a cap is never lifted by a failed request
  );
}
