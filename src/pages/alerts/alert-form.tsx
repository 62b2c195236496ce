// The one alert form (docs/alerts.md); what the user types is sent as typed, never rewritten.
import { shownCode } from '../../components/instrument/instrument-code.tsx';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Field } from '../../components/forms/field.tsx';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { useFieldMessages } from '../../components/forms/use-field-messages.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { LiveText } from '../../components/text/live-text.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { submitHandler } from '../../components/forms/submit-handler.ts';
import { ALERT_NOTE_MAX, alertInputError, type AlertCondition, type AlertKind } from '../../../domain/price-alerts.ts';
import type { Instrument } from '../../../domain/types.ts';
import type { NewAlert } from '../../api/alerts.ts';
import { addAlert } from '../../state/alerts/price-alerts.ts';
import { rowSignals } from '../../state/market/row-signals.ts';
import { ICON_BELL } from '../../components/icons/screen-icons.ts';

const KINDS = [
  { value: 'price' as const, labelKey: 'alerts.kind_price' },
  { value: 'change' as const, labelKey: 'alerts.kind_change' },
];
const CONDITIONS: Record<AlertKind, ReadonlyArray<{ value: AlertCondition; labelKey: string }>> = {
  price: [
    { value: 'above', labelKey: 'alerts.above' },
    { value: 'below', labelKey: 'alerts.below' },
  ],
  change: [
    { value: 'above', labelKey: 'alerts.rise' },
    { value: 'below', labelKey: 'alerts.fall' },
  ],
};

export interface AlertFormProps {
  inst: Instrument;
  kind: AlertKind;
  /** The price to start with (the chart's); null: the current price when the form opens. */
  price: string | null;
  /** Tests pass their own. */
  create?: (a: NewAlert) => Promise<boolean | string>;
}

export function AlertForm({
  inst,
  kind: startKind,
  price: startPrice,
  create = addAlert,
}: AlertFormProps): ReactElement {
  const { t } = useTranslation();
  const s = useMemo(() => rowSignals(inst), [inst]);
  const [kind, setKind] = useState<AlertKind>(startKind);
  const [condition, setCondition] = useState<AlertCondition>('above');
  // The start price once, when the form opens: from then on the text is the user's. Each kind keeps its own text.
  const [price, setPrice] = useState(() => startPrice ?? s.$price.peek());
  const [percent, setPercent] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const typed = kind === 'change' ? percent : price;
  // A value that will be refused says why at once; an empty field waits for the submit.
  const msgs = useFieldMessages<'value'>({ value: typed.trim() === '' ? null : alertInputError(kind, typed) });
  const submit = async (): Promise<void> => {
    if (!msgs.showAll({ value: alertInputError(kind, typed) })) return;
    setBusy(true);
    const ok = await create({
      forexId: inst.Id,
      kind,
      condition,
      price: kind === 'price' ? typed.trim() : '',
      percent: kind === 'change' ? typed.trim() : '',
      note,
    });
    setBusy(false);
    if (ok === true) setNote('');
    else if (typeof ok === 'string') msgs.show('form', { text: ok });
  };

  return (
    <form className="al-form" data-kind={kind} onSubmit={submitHandler(submit)}>
      <p className="al-inst">
        <span className="al-code">{shownCode(t, inst.Code, inst.ShowCode)}</span>
        <span className="al-now tw-num">
          {t('alerts.current', { price: '' })}
          <LiveText $text={s.$price} />
          {kind === 'change' ? <LiveText className="al-now__change" $text={s.$change} /> : null}
        </span>
      </p>
      <Segmented
        role="listbox"
        labelKey="alerts.kind"
        options={KINDS}
        value={kind}
        onChange={(k) => {
          setKind(k);
          msgs.clear();
        }}
        className="segmented al-kind"
        dataName="kind"
      />
      <Segmented
        role="listbox"
        labelKey={kind === 'change' ? 'alerts.condition_change' : 'alerts.condition'}
        options={CONDITIONS[kind]}
        value={condition}
        onChange={setCondition}
        className="segmented al-cond"
      />
      {/* Keyed by kind: switching kinds gives a fresh input (its own value, no stale caret or error). */}
      <Field
        key={kind}
        labelKey={kind === 'change' ? 'alerts.percent' : 'alerts.price'}
        value={kind === 'change' ? percent : price}
        name="value"
        onChange={msgs.edit('value', kind === 'change' ? setPercent : setPrice)}
        note={msgs.of('value')}
        hintKey={kind === 'change' ? 'alerts.percent_hint' : undefined}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        className="tw-num"
        data-testid={kind === 'change' ? 'alert-percent' : 'alert-price'}
      />
      <Field labelKey="alerts.note" value={note} onChange={setNote} maxLength={ALERT_NOTE_MAX} autoComplete="off" />
      <FieldMessage id={`${inst.Code}-alert-refused`} field="form" note={msgs.of('form')} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="alert-create">
        <Icon icon={ICON_BELL} size={18} />
        <span>{t('alerts.create')}</span>
      </button>
    </form>
  );
}
