// What the copy screens share: name-and-value facts (each found by its data-field), a yes/no row, the risk badge and
// the equity curve.
import type { ReactElement, ReactNode } from 'react';
import { DefRow } from '../../components/text/def-row.tsx';
import { Num } from '../../components/text/num.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** A string or number value is a figure (a left-to-right run); a node is drawn as given; false is left out. */
export type Fact = readonly [labelKey: string, field: string, value: ReactNode, valueClass?: string] | false;

export function CopyFacts({ className = 'copy-facts', facts }: { className?: string; facts: Fact[] }): ReactElement {
  return (
    <dl className={className}>
      {facts.map(
        (f) =>
          f && (
            <DefRow key={f[1]} labelKey={f[0]} field={f[1]} valueClass={f[3]}>
              {typeof f[2] === 'string' || typeof f[2] === 'number' ? <Num>{f[2]}</Num> : f[2]}
            </DefRow>
          ),
      )}
    </dl>
  );
}

// A yes/no choice of the copy screens, with a line saying what it does when given.
interface CheckRowProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  labelKey: string;
  hintKey?: string;
  className?: string;
}

export function CheckRow({ name, checked, onChange, labelKey, hintKey, className }: CheckRowProps): ReactElement {
  const { t } = useTranslation();
  return (
    <label className={className ? `copy-sheet__check ${className}` : 'copy-sheet__check'}>
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span>
        <span className="copy-sheet__check-label">{t(labelKey)}</span>
        {hintKey ? <span className="copy-sheet__check-hint muted">{t(hintKey)}</span> : null}
      </span>
    </label>
  );
}

// The server's 30-day time-weighted equity index (deposit-proof).
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
