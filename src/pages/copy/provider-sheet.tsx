// Each field checked as typed by the publish route's rule (domain/copy-input.ts); the server refuses in the sheet.
import { useState, type FormEvent, type HTMLAttributes, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyProviderSelf } from '../../../domain/copy-types.ts';
import { exactText } from '../../../domain/decimal.ts';
import { MIN_COPY_AMOUNT } from '../../../domain/copy-maths.ts';
import { parseProviderTerms, PROVIDER_ERROR_PARAMS } from '../../../domain/copy-input.ts';
import { refusalText } from '../../api/client.ts';
import { publishProvider } from '../../api/copy.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { Field } from '../../components/forms/field.tsx';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { $isDemo } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';

type Terms = Record<'name' | 'description' | 'fee' | 'minAmount', string>;

interface TermField {
  key: keyof Terms;
  input: string;
  label: string;
  hint: string;
  mode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

const FIELDS: TermField[] = [
  { key: 'name', input: 'provider_name', label: 'copy.provider_name', hint: 'copy.provider_name_hint' },
  {
    key: 'description',
    input: 'provider_description',
    label: 'copy.provider_description',
    hint: 'copy.provider_description_hint',
  },
  { key: 'fee', input: 'provider_fee', label: 'copy.provider_fee', hint: 'copy.provider_fee_hint', mode: 'numeric' },
  {
    key: 'minAmount',
    input: 'provider_min',
    label: 'copy.provider_min',
    hint: 'copy.provider_min_hint',
    mode: 'decimal',
  },
];

interface Props {
  /** Null to publish the first time. */
  current: CopyProviderSelf | null;
  onClose: () => void;
  onDone: () => void;
}

export function ProviderSheet({ current, onClose, onDone }: Props): ReactElement {
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
        {FIELDS.map(({ key, input, label, hint, mode }) => {
          const verdict = parsed[key];
          return (
            <Field
              key={key}
              labelKey={label}
              hintKey={hint}
              value={terms[key]}
              onChange={(v) => {
                setRefusal(null);
                setTerms((old) => ({ ...old, [key]: v }));
              }}
              inputMode={mode}
              name={input}
              autoComplete="off"
              errorKey={shown && !verdict.ok ? `errors.${verdict.error}` : null}
              errorParams={verdict.ok ? undefined : PROVIDER_ERROR_PARAMS[verdict.error]}
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
