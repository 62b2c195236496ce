// The provider's own view atop "My copies" (docs/copy-trading.md "Screens").
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyProviderSelf } from '../../../domain/copy-types.ts';
import { providerSelf, unpublishProvider } from '../../api/copy.ts';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { DefRow } from '../../components/text/def-row.tsx';
import { Num } from '../../components/text/num.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { toast } from '../../state/shell/toasts.ts';
import { ProviderSheet } from './provider-sheet.tsx';

/** Null until it loads, or when it cannot. */
export function useProviderSelf(): { self: CopyProviderSelf | null; reload: () => void } {
  const [self, setSelf] = useState<CopyProviderSelf | null>(null);
  const reload = useCallback(() => {
    providerSelf().then(setSelf, () => setSelf(null));
  }, []);
  useEffect(reload, [reload]);
  return { self, reload };
}

interface Props {
  onPublished: () => void;
}

function SheetButton({ current, onPublished }: Props & { current: CopyProviderSelf | null }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [testId, labelKey] =
    current === null
      ? ['copy-become-open', 'copy.become']
      : current.unpublished === 1
        ? ['copy-self-republish', 'copy.publish_again']
        : ['copy-self-edit', 'copy.edit_terms'];
  return (
    <>
      <button type="button" className="btn btn-outline" data-testid={testId} onClick={() => setOpen(true)}>
        {t(labelKey)}
      </button>
      {open ? (
        <ProviderSheet
          current={current}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onPublished();
          }}
        />
      ) : null}
    </>
  );
}

export function BecomeProvider({ onPublished }: Props): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="copy-card copy-become" data-testid="copy-become">
      <h2 className="copy-card__name">{t('copy.become_title')}</h2>
      <p className="copy-card__desc muted">{t('copy.become_text')}</p>
      <div className="copy-card__actions">
        <SheetButton current={null} onPublished={onPublished} />
      </div>
    </section>
  );
}

export function ProviderSelf({ self, onPublished }: Props & { self: CopyProviderSelf }): ReactElement {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const unpublish = async (): Promise<void> => {
    setAsking(false);
    try {
      toast((await unpublishProvider()).msg);
      onPublished();
    } catch {
      // The API client shows the server's message.
    }
  };
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
      {self.unpublished === 1 ? (
        <p className="copy-card__note" data-field="self-unpublished">
          {t('copy.self_unpublished')}
        </p>
      ) : null}
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
        <SheetButton current={self} onPublished={onPublished} />
        {self.unpublished === 0 ? (
          <button
            type="button"
            className="btn btn-outline"
            data-testid="copy-unpublish"
            onClick={() => setAsking(true)}
          >
            {t('copy.unpublish')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        titleKey="copy.unpublish_title"
        messageKey="copy.unpublish_confirm"
        confirmKey="copy.unpublish"
        onConfirm={() => void unpublish()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
