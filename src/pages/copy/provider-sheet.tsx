// Publishing oneself as a provider, or editing the terms (docs/copy-trading.md "Providers"): display name, short
// description, performance fee and minimum copy amount, each checked as typed by the publish route's own rule
// (domain/copy-input.ts) with its translated error under the field. The server stays the gate: its refusal (a real
// account without a verified identity, above all) shows in the sheet, with the way to verification for a real one.
import { useState, type FormEvent, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyProviderSelf } from '../../../domain/copy-types.ts';
import { exactText } from '../../../domain/decimal.ts';
import { FEE_MAX, MIN_COPY_AMOUNT } from '../../../domain/copy-maths.ts';
import {
  parseProviderDescription,
  parseProviderFee,
  parseProviderMin,
  parseProviderName,
  PROVIDER_DESCRIPTION_MAX,
  PROVIDER_NAME_MAX,
} from '../../../domain/copy-input.ts';
import { refusalText } from '../../api/client.ts';
import { publishProvider } from '../../api/copy.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { Field } from '../../components/forms/field.tsx';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { $isDemo } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';

const NAME_PARAMS = { max: String(PROVIDER_NAME_MAX) };
const DESCRIPTION_PARAMS = { max: String(PROVIDER_DESCRIPTION_MAX) };
const FEE_PARAMS = { max: String(FEE_MAX) };
const MIN_PARAMS = { min: MIN_COPY_AMOUNT };

interface Props {
  /** The terms now published, to edit; null to publish for the first time. */
  current: CopyProviderSelf | null;
  onClose: () => void;
  onDone: () => void;
}

export function ProviderSheet({ current, onClose, onDone }: Props): ReactElement {
  const { t } = useTranslation();
  const editing = current !== null;
  const [name, setName] = useState(current?.name ?? '');
  const [description, setDescription] = useState(current?.description ?? '');
  const [fee, setFee] = useState(current ? String(current.fee_percent) : '10');
  const [min, setMin] = useState(current?.min_amount ?? MIN_COPY_AMOUNT);
  const [shown, setShown] = useState(false); // errors show once confirm was pressed, then follow the typing
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const demo = $isDemo.value;

  const n = parseProviderName(name);
  const d = parseProviderDescription(description);
  const f = parseProviderFee(fee);
  const m = parseProviderMin(min);
  const typed = (set: (v: string) => void) => (v: string) => {
    setRefusal(null);
    set(v);
  };

  const confirm = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setShown(true);
    setRefusal(null);
    if (!n.ok || !d.ok || !f.ok || !m.ok) return;
    setBusy(true);
    try {
      const env = await publishProvider({
        name: n.value,
        description: d.value,
        fee: f.value,
        minAmount: exactText(m.value),
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
        <Field
          labelKey="copy.provider_name"
          value={name}
          onChange={typed(setName)}
          name="provider_name"
          autoComplete="off"
          hintKey="copy.provider_name_hint"
          errorKey={shown && !n.ok ? `errors.${n.error}` : null}
          errorParams={NAME_PARAMS}
        />
        <Field
          labelKey="copy.provider_description"
          value={description}
          onChange={typed(setDescription)}
          name="provider_description"
          autoComplete="off"
          hintKey="copy.provider_description_hint"
          errorKey={shown && !d.ok ? `errors.${d.error}` : null}
          errorParams={DESCRIPTION_PARAMS}
        />
        <Field
          labelKey="copy.provider_fee"
          value={fee}
          onChange={typed(setFee)}
          inputMode="numeric"
          name="provider_fee"
          hintKey="copy.provider_fee_hint"
          errorKey={shown && !f.ok ? `errors.${f.error}` : null}
          errorParams={FEE_PARAMS}
        />
        <Field
          labelKey="copy.provider_min"
          value={min}
          onChange={typed(setMin)}
          inputMode="decimal"
          name="provider_min"
          hintKey="copy.provider_min_hint"
          errorKey={shown && !m.ok ? `errors.${m.error}` : null}
          errorParams={MIN_PARAMS}
        />
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
