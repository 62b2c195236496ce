// Partial close of a holding order (issue 25): how many lots to close, sent as typed; the server checks the lot step,
// the minimum and what stays open, and answers with a translated message. The button is the confirmation.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../domain/types.ts';
import { readTypedNumber } from '../../domain/decimal-text.ts';
import { NumberInput } from '../../components/number-input.tsx';
import { closePosition } from '../../state/orders.ts';
import { toast } from '../../state/toasts.ts';

export function PartCloseForm({ order, onDone }: { order: Order; onDone: () => void }): ReactElement {
  const { t } = useTranslation();
  const [lots, setLots] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (): Promise<void> => {
    const typed = readTypedNumber(lots);
    if (typed.kind !== 'number') {
      toast(t('errors.lots_invalid'));
      return;
    }
    setBusy(true);
    const ok = await closePosition(order.Id, typed.text);
    setBusy(false);
    if (ok) onDone();
  };

  return (
    <form
      className="od-stops"
      data-testid="part-close-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="od-stop">
        <span className="od-stop__label">{t('orders.close_lots')}</span>
        <NumberInput className="od-input num" data-field="close-lots" value={lots} onChange={setLots} />
        <span className="od-stop__hint muted">{t('orders.close_lots_hint', { lots: order.Quantity })}</span>
      </label>
      <div className="od-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-danger" data-action="close-part" disabled={busy}>
          {t('orders.close_part_confirm')}
        </button>
      </div>
    </form>
  );
}
