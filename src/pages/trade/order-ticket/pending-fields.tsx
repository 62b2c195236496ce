// A pending order's own fields in the order form: target price and expiry.
import type { ReadonlySignal } from '@preact/signals-react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { FieldMessage } from '../../../components/forms/field-message.tsx';
import type { FieldMessages, FieldNote } from '../../../components/forms/use-field-messages.ts';
import { LiveText } from '../../../components/text/live-text.tsx';
import type { DraftField, OrderDraft, ExpiryMode } from './order-draft.ts';
import type { ReactElement } from 'react';
import { ModeField } from './mode-field.tsx';
import { PriceInput } from './price-input.tsx';

// Days in UTC, as the server keeps them (server/engine/pending-expiry.ts).
const MODES: readonly ExpiryMode[] = ['gtc', 'day', 'date'];

export interface ExpiryFieldProps {
  mode: ExpiryMode;
  date: string;
  /** The earliest date the picker offers. */
  today: string;
  note: FieldNote | null;
  onMode: (mode: ExpiryMode) => void;
  onDate: (date: string) => void;
}

export function ExpiryField({ mode, date, today, note, onMode, onDate }: ExpiryFieldProps): ReactElement {
  const { t } = useTranslation();
  return (
    <ModeField name="expiry" labelKey="trade.expiry" modes={MODES} mode={mode} note={note} onMode={onMode}>
      {(aria) =>
        mode === 'date' ? (
          <input
            type="date"
            className="tr-input tw-num"
            data-field="expiry-date"
            aria-label={t('trade.expiry_date')}
            min={today}
            value={date}
            onChange={(e) => onDate(e.currentTarget.value)}
            {...aria}
          />
        ) : null
      }
    </ModeField>
  );
}

export interface PendingFieldsProps {
  draft: OrderDraft;
  /** The target's placeholder. */
  nowPrice: () => string;
  /** An expiry date before it is refused. */
  today: string;
  msgs: FieldMessages<DraftField>;
  /** `restart`: the stops restart from the new reference price. */
  change: (field: DraftField, patch: Partial<OrderDraft>, restart?: boolean) => void;
  formId: string;
  $kind: ReadonlySignal<string>;
}

export function PendingFields({ draft, nowPrice, today, msgs, change, formId, $kind }: PendingFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="tr-field">
        <span className="tr-label">
          {t('trade.target_price')} <LiveText className="tr-kind" $text={$kind} field="pending-kind" prose />
        </span>
        <PriceInput
          field="target-price"
          label={t('trade.target_price')}
          value={draft.targetPrice}
          placeholder={nowPrice()}
          note={msgs.of('target-price')}
          messageId={`${formId}-target-price`}
          onChange={(v) => change('target-price', { targetPrice: v }, true)}
        />
        <FieldMessage id={`${formId}-target-price`} field="target-price" note={msgs.of('target-price')} />
      </div>
      <ExpiryField
        mode={draft.expiry}
        date={draft.expiryDate}
        today={today}
        note={msgs.of('expiry')}
        onMode={(expiry) => change('expiry', { expiry })}
        onDate={(expiryDate) => change('expiry', { expiryDate })}
      />
    </>
  );
}
