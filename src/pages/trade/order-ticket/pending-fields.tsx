// A pending order's own fields in the order form: target price and expiry (expiry-field.tsx).
import type { ReadonlySignal } from '@preact/signals-react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { FieldMessage } from '../../../components/forms/field-message.tsx';
import type { FieldMessages } from '../../../components/forms/use-field-messages.ts';
import { LiveText } from '../../../components/text/live-text.tsx';
import type { DraftField, OrderDraft } from './draft-types.ts';
import { ExpiryField } from './expiry-field.tsx';
import { PriceInput } from './price-input.tsx';

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
