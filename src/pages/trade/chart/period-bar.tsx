// The chart period bar: 1M 5M 15M 30M 1H 4H 1D 1W → the wire periods 1min … 1week (4H and 1W).
import { useTranslation } from '../../../i18n/use-translation.ts';
import { CHART_PERIODS, type Period } from '../../../../domain/types.ts';
import './period-bar.css';

export function PeriodBar({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation();
  return (
    <div className="tr-periods" role="tablist" aria-label={t('trade.period')}>
      {CHART_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          className="tr-period tap-reach"
          aria-selected={p === value}
          data-period={p}
          onClick={() => onChange(p)}
        >
          {t(`trade.period_${p}`)}
        </button>
      ))}
    </div>
  );
}
