// One instrument's alerts (docs/alerts.md); Web Push permission is asked only on its own tap.
import { useEffect, type ReactElement, useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import type { Instrument } from '../../../domain/types.ts';
import type { AlertSheetRequest } from '../../state/alerts/alert-sheet.ts';
import { $alerts, loadAlerts, removeAlert, addAlert } from '../../state/alerts/price-alerts.ts';
import { shownCode } from '../../components/instrument/instrument-code.tsx';
import { Field } from '../../components/forms/field.tsx';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { useFieldMessages } from '../../components/forms/use-field-messages.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { LiveText } from '../../components/text/live-text.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { submitHandler } from '../../components/forms/submit-handler.ts';
import type { AlertCondition, AlertKind, PriceAlert } from '../../../domain/price-alerts.ts';
import { ALERT_NOTE_MAX, alertInputError } from '../../../domain/price-alerts.ts';
import type { NewAlert } from '../../api/alerts.ts';
import { rowSignals } from '../../state/market/row-signals.ts';
import { ICON_BELL, ICON_TRASH } from '../../components/icons/screen-icons.ts';
import type { TFunction } from '../../i18n/index.ts';
import { percentText } from '../../../domain/format/percent.ts';
import { toast } from '../../state/shell/toasts.ts';
import { $pushState, enablePush, readPushState } from '../../state/alerts/web-push.ts';
import './alerts.css';

// The one alert form (docs/alerts.md); what the user types is sent as typed, never rewritten.
const KINDS = (['price', 'change'] as const).map((value) => ({ value, labelKey: `alerts.kind_${value}` }));
// A price condition reads above / below, a change condition rise / fall: in the choice and in the alert's line.
const WORDS: Record<AlertKind, Record<AlertCondition, string>> = {
  price: { above: 'above', below: 'below' },
  change: { above: 'rise', below: 'fall' },
};
const conditionsOf = (kind: AlertKind) =>
  (['above', 'below'] as const).map((value) => ({ value, labelKey: `alerts.${WORDS[kind][value]}` }));

export interface AlertFormProps {
  inst: Instrument;
  kind: AlertKind;
  /** The price to start with (the chart's); null: the current price when the form opens. */
  price: string | null;
  /** Tests pass their own. */
  create?: (a: NewAlert) => Promise<boolean | string>;
}

export function AlertForm(p: AlertFormProps): ReactElement {
  const { inst, create = addAlert } = p;
  const { t } = useTranslation();
  const s = useMemo(() => rowSignals(inst), [inst]);
  const [kind, setKind] = useState<AlertKind>(p.kind);
  const [condition, setCondition] = useState<AlertCondition>('above');
  // The start price once, when the form opens: from then on the text is the user's. Each kind keeps its own text.
  const [price, setPrice] = useState(() => p.price ?? s.$price.peek());
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
      instrumentId: inst.Id,
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
        options={conditionsOf(kind)}
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

// What one alert waits for, whether it fired (and at which price), its note, and delete.
/** "At or above 1.09000", "Up 2.5% in a day" … */
function lineText(t: TFunction, a: PriceAlert): string {
  return t(`alerts.line_${WORDS[a.kind][a.condition]}`, { percent: a.percent ?? '', price: a.price ?? '' });
}

function statusText(t: TFunction, a: PriceAlert): string {
  if (a.status !== 'fired') return t('alerts.status_active');
  if (a.kind === 'change' && a.fired_change !== null) {
    return t('alerts.status_fired_change', {
      change: percentText(a.fired_change, { signed: true }),
      price: a.fired_price ?? '',
    });
  }
  return t('alerts.status_fired', { price: a.fired_price ?? '' });
}

export function AlertRow({ alert: a }: { alert: PriceAlert }): ReactElement {
  const { t } = useTranslation();
  const line = lineText(t, a);
  return (
    <li className="al-row" data-status={a.status} data-kind={a.kind} data-alert={a.id}>
      <Icon icon={ICON_BELL} size={18} className="al-row__icon" />
      <div className="al-row__text">
        <span className="al-row__line tw-num">{line}</span>
        <span className="al-row__status">{statusText(t, a)}</span>
        {a.note ? <span className="al-row__note">{a.note}</span> : null}
      </div>
      <button
        type="button"
        className="al-row__delete"
        aria-label={t('alerts.delete', { code: a.show_code, price: line })}
        onClick={() => void removeAlert(a.id)}
      >
        <Icon icon={ICON_TRASH} size={20} />
      </button>
    </li>
  );
}

// This browser's Web Push for price alerts; the permission prompt comes only from this button's tap.

export function PushSetting(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => {
    void readPushState();
  }, []);
  const state = $pushState.value;
  const turnOn = async (): Promise<void> => {
    if (!(await enablePush()) && $pushState.peek() === 'off') toast(t('alerts.push_failed'));
  };
  return (
    <section className="al-push" aria-label={t('alerts.notify_title')}>
      <h3 className="al-push__title">{t('alerts.notify_title')}</h3>
      {state === 'off' || state === 'busy' ? (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={state === 'busy'}
          onClick={() => void turnOn()}
          data-testid="alert-push"
        >
          {t('alerts.push_enable')}
        </button>
      ) : (
        <p className="al-push__state" data-state={state}>
          {t(`alerts.push_${state}`)}
        </p>
      )}
    </section>
  );
}

export function AlertsSheet(p: { request: AlertSheetRequest | null; onClose: () => void }): ReactElement {
  const { request } = p;
  return (
    <BottomSheet open={request !== null} onClose={p.onClose} titleKey="alerts.title">
      {request ? (
        <div className="al-body">
          <AlertForm key={request.seq} inst={request.inst} kind={request.kind} price={request.price} />
          <InstrumentAlerts inst={request.inst} />
          <PushSetting />
        </div>
      ) : null}
    </BottomSheet>
  );
}

function InstrumentAlerts({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => {
    void loadAlerts();
  }, []);
  const list = $alerts.value;
  const mine = list?.alerts.filter((a) => a.instrumentId === inst.Id) ?? [];
  const active = list?.alerts.filter((a) => a.status === 'active').length ?? 0;
  return (
    <section className="al-list" aria-label={t('alerts.open_for', { code: inst.ShowCode })}>
      {list ? <p className="al-count">{t('alerts.count', { count: active, max: list.max })}</p> : null}
      {mine.length === 0 ? (
        <p className="al-empty">{t('alerts.empty')}</p>
      ) : (
        <ul className="al-rows">
          {mine.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </ul>
      )}
    </section>
  );
}
