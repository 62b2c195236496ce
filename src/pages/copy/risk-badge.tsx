// The words say the band too, for readers blind to colour (docs/copy-trading.md "Statistics that cannot be gamed").
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Num } from '../../components/text/num.tsx';

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
