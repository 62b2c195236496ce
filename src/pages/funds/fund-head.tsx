// Shared by the fund list's cards and the subscribe screen.
import type { ReactElement } from 'react';
import type { Fund } from '../../../domain/fund-types.ts';
import { ContentLangMark } from '../../components/content/content-lang.tsx';

export function FundHead({
  fund,
  logoSize,
}: {
  fund: Pick<Fund, 'image' | 'title' | 'currency_code' | 'lang'>;
  logoSize: number;
}): ReactElement {
  return (
    <div className="fund-card__head">
      {fund.image ? (
        <img className="fund-card__logo" src={fund.image} alt="" width={logoSize} height={logoSize} />
      ) : (
        // An empty src would make the browser fetch the page again: a fund without a picture shows its initial.
        <span
          className="fund-card__logo fund-card__logo--blank"
          style={{ width: logoSize, height: logoSize }}
          aria-hidden="true"
        >
          {Array.from(fund.title)[0]?.toUpperCase()}
        </span>
      )}
      <span className="fund-card__title">
        <bdi>{fund.title}</bdi>
        <ContentLangMark served={fund.lang} />
      </span>
      <span className="fund-chip">{fund.currency_code}</span>
    </div>
  );
}
