// The provider's own view, atop "My copies" for a trader who published themselves (docs/copy-trading.md "Screens"):
// their running copiers, the money copying them (AUM) and the fees earned, their fee and minimum, and a line when
// staff suspended them. Nothing shows for a trader who is not a provider.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyProviderSelf } from '../../../domain/copy-types.ts';
import { providerSelf } from '../../api/copy.ts';
import { DefRow } from '../../components/text/def-row.tsx';
import { Num } from '../../components/text/num.tsx';
import { formatMoney } from '../../i18n/format.ts';

export function ProviderSelf(): ReactElement | null {
  const { t } = useTranslation();
  const [self, setSelf] = useState<CopyProviderSelf | null>(null);
  useEffect(() => {
    providerSelf().then(setSelf, () => setSelf(null));
  }, []);
  if (!self || self.published !== 1) return null;
  return (
    <section className="copy-card copy-self" data-testid="copy-self">
      <h2 className="copy-card__name">{t('copy.self_title')}</h2>
      <p className="copy-card__desc muted">
        <bdi>{self.name}</bdi>
      </p>
      {self.suspended === 1 ? <p className="copy-card__note">{t('copy.self_suspended')}</p> : null}
      <dl className="copy-facts">
        <DefRow labelKey="copy.copiers" field="self-copiers">
          <Num>{self.copiers}</Num>
        </DefRow>
        <DefRow labelKey="copy.aum" field="self-aum">
          <Num>{formatMoney(self.aum)}</Num>
        </DefRow>
        <DefRow labelKey="copy.fees_earned" field="self-fees">
          <Num>{formatMoney(self.fees_earned)}</Num>
        </DefRow>
        <DefRow labelKey="copy.fee" field="self-fee">
          <Num>{`${self.fee_percent}%`}</Num>
        </DefRow>
      </dl>
    </section>
  );
}
