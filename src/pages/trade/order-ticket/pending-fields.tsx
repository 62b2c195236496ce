// A pending order's own fields in the order form: target price and expiry.
import type { ReadonlySignal } from '@preact/signals-react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { describedBy, FieldMessage } from '../../../components/forms/field-message.tsx';
import type { FieldMessages } from '../../../components/forms/use-field-messages.ts';
import { LiveText } from '../../../components/text/live-text.tsx';
import type { DraftField, OrderDraft, ExpiryMode } from './order-draft.ts';
import { ModeField } from './mode-field.tsx';
import { NumberInput } from '../../../components/forms/number-input.tsx';

// Days in UTC, as the server keeps them (server/engine/pending-expiry.ts).
const EXPIRY_MODES: readonly ExpiryMode[] = ['gtc', 'day', 'date'];

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
        {/* The text as typed; the order checks refuse what is not a price. */}
        <NumberInput
          className="tr-input tw-num"
          aria-label={t('trade.target_price')}
          placeholder={nowPrice()}
          data-field="target-price"
          {...describedBy(`${formId}-target-price`, msgs.of('target-price'))}
          value={draft.targetPrice}
          onChange={(v) => change('target-price', { targetPrice: v }, true)}
        />
        <FieldMessage id={`${formId}-target-price`} field="target-price" note={msgs.of('target-price')} />
      </div>
      <ModeField
        name="expiry"
        labelKey="trade.expiry"
        modes={EXPIRY_MODES}
        mode={draft.expiry}
        note={msgs.of('expiry')}
        onMode={(expiry) => change('expiry', { expiry })}
      >
        {(aria) =>
          draft.expiry === 'date' ? (
            <input
              type="date"
              className="tr-input tw-num"
              data-field="expiry-date"
              aria-label={t('trade.expiry_date')}
              min={today}
              value={draft.expiryDate}
              onChange={(e) => change('expiry', { expiryDate: e.currentTarget.value })}
              {...aria}
            />
          ) : null
        }
      </ModeField>
    </>
  );
}
