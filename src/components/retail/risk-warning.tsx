// Drawn once the figure is in, so the prerendered frame never differs (docs/retail-protection.md "The loss figure").
import { useEffect, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { $riskWarning, loadRiskWarning } from '../../state/account/retail.ts';
import './risk-warning.css';

export function RiskWarning(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => {
    loadRiskWarning();
  }, []);
  const w = $riskWarning.value;
  if (!w?.shown) return null;
  return (
    <aside className="risk-warning" aria-label={t('retail.warning_label')} data-testid="risk-warning">
      <p>{w.percent === null ? t('retail.warning_no_figure') : t('retail.warning', { percent: w.percent })}</p>
    </aside>
  );
}
