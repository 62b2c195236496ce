// A provider's risk badge and equity curve (the server's 30-day time-weighted index: deposit-proof).
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Num } from '../../components/text/num.tsx';

// The words say the band too, for readers blind to colour (docs/copy-trading.md "Statistics that cannot be gamed").
const riskBand = (score: number): 'low' | 'medium' | 'high' => (score <= 3 ? 'low' : score <= 6 ? 'medium' : 'high');

export function RiskBadge({ score }: { score: number }): ReactElement {
  const { t } = useTranslation();
  const band = riskBand(score);
  return (
    <span className="copy-risk" data-risk={score} data-band={band} title={t(`copy.risk_${band}`)}>
      {t('copy.risk_short')} <Num>{`${score}/10`}</Num>
    </span>
  );
}

const W = 100;
const H = 32;

/** A flat line in the middle when all values are equal. */
export function curvePoints(values: readonly number[]): string {
  if (values.length === 0) return '';
  const lo = Math.min(...values);
  const span = Math.max(...values) - lo;
  const x = (i: number) => (values.length === 1 ? W : (i * W) / (values.length - 1));
  const y = (v: number) => (span === 0 ? H / 2 : H - ((v - lo) / span) * H);
  return values.map((v, i) => `${x(i)},${y(v)}`).join(' ');
}

export function EquityCurve({ curve, className }: { curve: readonly string[]; className?: string }): ReactElement {
  const { t } = useTranslation();
  const values = [1, ...curve.map(Number)];
  const last = values[values.length - 1] ?? 1;
  return (
    <svg
      className={className ? `copy-curve ${className}` : 'copy-curve'}
      viewBox={`0 -1 ${W} ${H + 2}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('copy.curve_label')}
      data-trend={last < 1 ? 'down' : 'up'}
    >
      <polyline points={curvePoints(values)} fill="none" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
