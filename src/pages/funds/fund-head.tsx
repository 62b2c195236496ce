// Shared by the fund screens' cards.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Num } from '../../components/text/num.tsx';
import type { Fund } from '../../../domain/fund-types.ts';
import { ContentLangMark } from '../../components/content/content-lang.tsx';
import { LetteredLogo } from '../../components/icons/lettered-logo.tsx';

type HeadFund = Pick<Fund, 'image' | 'title' | 'currency_code' | 'lang'>;

export function FundHead({ fund, logoSize }: { fund: HeadFund; logoSize: number }): ReactElement {
  return (
    <div className="fund-card__head">
      <LetteredLogo
        src={fund.image}
        letters={Array.from(fund.title)[0]?.toUpperCase() ?? ''}
        size={logoSize}
        className="fund-card__logo"
        lettersClassName="fund-card__logo--blank"
      />
      <span className="fund-card__title">
        <bdi>{fund.title}</bdi>
        <ContentLangMark served={fund.lang} />
      </span>
      <span className="fund-chip">{fund.currency_code}</span>
    </div>
  );
}

/** One name and figure of a fund card's facts. */
export function Fact({ labelKey, testId, children }: { labelKey: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t(labelKey)}</dt>
      <dd data-testid={testId}>
        <Num>{children}</Num>
      </dd>
    </>
  );
}
