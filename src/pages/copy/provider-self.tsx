// The provider's own view, atop "My copies" for a trader who published themselves (docs/copy-trading.md "Screens"):
// their running copiers, the money copying them (AUM) and the fees earned, their fee and minimum, a line when staff
// suspended them, and "Edit terms". A trader who is not a provider sees "Become a provider" instead; both open the
// provider sheet (provider-sheet.tsx), and the view reloads from the server once it is published.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyProviderSelf } from '../../../domain/copy-types.ts';
import { providerSelf } from '../../api/copy.ts';
import { DefRow } from '../../components/text/def-row.tsx';
import { Num } from '../../components/text/num.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { ProviderSheet } from './provider-sheet.tsx';

export function ProviderSelf(): ReactElement | null {
  const { t } = useTranslation();
  const [self, setSelf] = useState<CopyProviderSelf | null>(null);
  const [editing, setEditing] = useState(false);
  const load = useCallback(() => {
    providerSelf().then(setSelf, () => setSelf(null));
  }, []);
  useEffect(load, [load]);
  if (!self) return null;
  const published = self.published === 1;
  const sheet = editing ? (
    <ProviderSheet
      current={published ? self : null}
      onClose={() => setEditing(false)}
      onDone={() => {
        setEditing(false);
        load();
      }}
    />
  ) : null;
  if (!published) {
    return (
      <section className="copy-card copy-become" data-testid="copy-become">
        <h2 className="copy-card__name">{t('copy.become_title')}</h2>
        <p className="copy-card__desc muted">{t('copy.become_text')}</p>
        <button
          type="button"
          className="btn btn-outline"
          data-testid="copy-become-open"
          onClick={() => setEditing(true)}
        >
          {t('copy.become')}
        </button>
        {sheet}
      </section>
    );
  }
  return (
    <section className="copy-card copy-self" data-testid="copy-self">
      <h2 className="copy-card__name">{t('copy.self_title')}</h2>
      <p className="copy-card__desc muted">
        <bdi data-field="self-name">{self.name}</bdi>
      </p>
      {self.description ? (
        <p className="copy-card__desc">
          <bdi>{self.description}</bdi>
        </p>
      ) : null}
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
        <DefRow labelKey="copy.min_amount" field="self-min">
          <Num>{formatMoney(self.min_amount)}</Num>
        </DefRow>
      </dl>
      <div className="copy-card__actions">
        <button type="button" className="btn btn-outline" data-testid="copy-self-edit" onClick={() => setEditing(true)}>
          {t('copy.edit_terms')}
        </button>
      </div>
      {sheet}
    </section>
  );
}
