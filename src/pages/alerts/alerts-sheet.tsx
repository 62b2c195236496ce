// The price alerts of one instrument (issue 26 item 4, docs/alerts.md), in a bottom sheet opened from the bell in the
// trade header: set "above / below a price" (the current price prefilled as text the user edits; what they type is
// sent as typed, never rewritten), see this instrument's alerts waiting or fired, delete one, and turn on Web Push for
// this browser (the permission is asked only on that tap).
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../components/bottom-sheet.tsx';
import { Field } from '../../components/field.tsx';
import { Icon } from '../../components/icons.tsx';
import { LiveText } from '../../components/live-text.tsx';
import { Segmented } from '../../components/segmented.tsx';
import { readTypedNumber } from '../../domain/decimal-text.ts';
import { ALERT_NOTE_MAX, type AlertCondition } from '../../domain/price-alerts.ts';
import type { Instrument } from '../../domain/types.ts';
import { $alerts, addAlert, loadAlerts } from '../../state/price-alerts.ts';
import { rowSignals } from '../market/row-signals.ts';
import { AlertRow } from './alert-row.tsx';
import { PushSetting } from './push-setting.tsx';
import './alerts.css';

const CONDITIONS = [
  { value: 'above' as const, labelKey: 'alerts.above' },
  { value: 'below' as const, labelKey: 'alerts.below' },
];

export function AlertsSheet({ inst, open, onClose }: { inst: Instrument; open: boolean; onClose: () => void }): ReactElement {
  return (
    <BottomSheet open={open} onClose={onClose} titleKey="alerts.title">
      {open ? <AlertsBody inst={inst} /> : null}
    </BottomSheet>
  );
}

function AlertsBody({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const s = useMemo(() => rowSignals(inst), [inst]);
  const [condition, setCondition] = useState<AlertCondition>('above');
  // The current price once, when the sheet opens: from then on the text is the user's.
  const [price, setPrice] = useState(() => s.$price.peek());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadAlerts();
  }, []);

  const list = $alerts.value;
  const mine = list?.alerts.filter((a) => a.forex_id === inst.Id) ?? [];
  const active = list?.alerts.filter((a) => a.status === 'active').length ?? 0;

  const submit = async (): Promise<void> => {
    const typed = readTypedNumber(price);
    if (typed.kind !== 'number' || Number(typed.text) <= 0) {
      setError('alerts.errors.price');
      return;
    }
    setError(null);
    setBusy(true);
    const ok = await addAlert({ forexId: inst.Id, condition, price: price.trim(), note });
    setBusy(false);
    if (ok) setNote('');
  };

  return (
    <div className="al-body">
      <form
        className="al-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="al-inst">
          <span className="al-code">{inst.ShowCode}</span>
          <span className="al-now tw-num">
            {t('alerts.current', { price: '' })}
            <LiveText $text={s.$price} />
          </span>
        </p>
        <Segmented role="listbox" labelKey="alerts.condition" options={CONDITIONS} value={condition} onChange={setCondition} className="segmented al-cond" />
        <Field
          labelKey="alerts.price"
          value={price}
          onChange={(v) => {
            setPrice(v);
            setError(null);
          }}
          errorKey={error}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          className="tw-num"
          data-testid="alert-price"
        />
        <Field labelKey="alerts.note" value={note} onChange={setNote} maxLength={ALERT_NOTE_MAX} autoComplete="off" />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="alert-create">
          <Icon name="bell" size={18} />
          <span>{t('alerts.create')}</span>
        </button>
      </form>

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
      <PushSetting />
    </div>
  );
}
