// The provider's own view atop "My copies" (docs/copy-trading.md "Screens").
import { useState, type ReactElement, type FormEvent, type HTMLAttributes } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyProviderSelf } from '../../../domain/copy-types.ts';
import { providerSelf, unpublishProvider, publishProvider } from '../../api/copy.ts';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { CopyFacts } from './copy-facts.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { toast } from '../../state/shell/toasts.ts';
import { Link } from 'react-router-dom';
import { exactText } from '../../../domain/decimal.ts';
import { MIN_COPY_AMOUNT } from '../../../domain/copy-maths.ts';
import { parseProviderTerms, PROVIDER_ERROR_PARAMS } from '../../../domain/copy-input.ts';
import { refusalText } from '../../api/client.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { Field } from '../../components/forms/field.tsx';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { $isDemo } from '../../state/account/session.ts';
import { useBusy } from '../../components/forms/use-form-submit.ts';
import { useLoaded } from '../../components/lists/loaded.tsx';

// Each field checked as typed by the publish route's rule (domain/copy-input.ts); the server refuses in the sheet.
type Terms = Record<'name' | 'description' | 'fee' | 'minAmount', string>;

/** Each field's label and hint are copy.<input> and copy.<input>_hint. */
interface TermField {
  key: keyof Terms;
  input: string;
  mode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

const FIELDS: TermField[] = [
  { key: 'name', input: 'provider_name' },
  { key: 'description', input: 'provider_description' },
  { key: 'fee', input: 'provider_fee', mode: 'numeric' },
  { key: 'minAmount', input: 'provider_min', mode: 'decimal' },
];

interface ProviderSheetProps {
  /** Null to publish the first time. */
  current: CopyProviderSelf | null;
  onClose: () => void;
  onDone: () => void;
}

export function ProviderSheet({ current, onClose, onDone }: ProviderSheetProps): ReactElement {
  const { t } = useTranslation();
  const editing = current !== null && current.unpublished === 0;
  const [terms, setTerms] = useState<Terms>({
    name: current?.name ?? '',
    description: current?.description ?? '',
    fee: current ? String(current.fee_percent) : '10',
    minAmount: current?.min_amount ?? MIN_COPY_AMOUNT,
  });
  const [shown, setShown] = useState(false); // errors show once confirm was pressed, then follow the typing
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const demo = $isDemo.value;
  const parsed = parseProviderTerms(terms);

  const confirm = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setShown(true);
    setRefusal(null);
    const { name, description, fee, minAmount } = parsed;
    if (!name.ok || !description.ok || !fee.ok || !minAmount.ok) return;
    setBusy(true);
    try {
      const env = await publishProvider({
        name: name.value,
        description: description.value,
        fee: fee.value,
        minAmount: exactText(minAmount.value),
      });
      toast(editing ? t('copy.terms_saved') : env.msg);
      onDone();
    } catch (err) {
      setRefusal(refusalText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <BottomSheet open onClose={onClose} titleKey={editing ? 'copy.edit_terms' : 'copy.become'}>
      <form className="copy-sheet" onSubmit={(e) => void confirm(e)} noValidate data-testid="provider-sheet">
        <p className="copy-sheet__fee" data-field="world-note">
          {t(demo ? 'copy.publish_demo_note' : 'copy.publish_real_note')}
        </p>
        {FIELDS.map(({ key, input, mode }) => {
          const verdict = parsed[key];
          return (
            <Field
              key={key}
              labelKey={`copy.${input}`}
              hintKey={`copy.${input}_hint`}
              value={terms[key]}
              onChange={(v) => {
                setRefusal(null);
                setTerms((old) => ({ ...old, [key]: v }));
              }}
              inputMode={mode}
              name={input}
              autoComplete="off"
              note={
                shown && !verdict.ok
                  ? { key: `errors.${verdict.error}`, params: PROVIDER_ERROR_PARAMS[verdict.error] }
                  : null
              }
            />
          );
        })}
        {editing ? <p className="copy-sheet__fee">{t('copy.edit_note')}</p> : null}
        <FieldMessage id="provider-refusal" note={refusal ? { text: refusal } : null} field="provider-refusal" />
        {refusal && !demo ? (
          <Link to="/mine/auth" className="copy-sheet__link" data-testid="provider-verify">
            {t('copy.verify_link')}
          </Link>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="provider-confirm">
          {t(editing ? 'copy.save_terms' : 'copy.publish')}
        </button>
      </form>
    </BottomSheet>
  );
}

/** Null until it loads, or when it cannot. */
export function useProviderSelf(): { self: CopyProviderSelf | null; reload: () => void } {
  const { data, failed, reload } = useLoaded(providerSelf, undefined, true);
  return { self: failed ? null : data, reload };
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
  const { during } = useBusy();
  const unpublish = async (): Promise<void> => {
    setAsking(false);
    await during(async () => {
      toast((await unpublishProvider()).msg);
      onPublished();
    });
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
      <CopyFacts
        facts={[
          ['copy.copiers', 'self-copiers', self.copiers],
          ['copy.aum', 'self-aum', formatMoney(self.aum)],
          ['copy.fees_earned', 'self-fees', formatMoney(self.fees_earned)],
          ['copy.fee', 'self-fee', `${self.fee_percent}%`],
          ['copy.min_amount', 'self-min', formatMoney(self.min_amount)],
        ]}
      />
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
