// A tick starts a stop at a valid distance on its side (draft-stops.ts); a typed price is kept.
import type { ReadonlySignal } from '@preact/signals-react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { FieldMessages } from '../../../components/forms/use-field-messages.ts';
import type { Instrument } from '../../../../domain/types.ts';
import { stopOf, stopStartFor, toggleStop, typeStop } from './draft-stops.ts';
import type { DraftField, OrderDraft, OrderSide, StopKind } from './draft-types.ts';
import { StopBox } from './stop-box.tsx';

export interface OrderStopsProps {
  inst: Instrument;
  draft: OrderDraft;
  side: OrderSide;
  /** Read on user input only. */
  nowPrice: () => string;
  msgs: FieldMessages<DraftField>;
  /** That field's shown message is dropped. */
  change: (field: DraftField, patch: Partial<OrderDraft>) => void;
  formId: string;
  $profitPips: ReadonlySignal<string>;
  $lossPips: ReadonlySignal<string>;
}

export function OrderStops({
  inst,
  draft,
  side,
  nowPrice,
  msgs,
  change,
  formId,
  $profitPips,
  $lossPips,
}: OrderStopsProps) {
  const { t } = useTranslation();
  const stopBox = (kind: StopKind) => {
    const field = kind === 'profit' ? 'stop-profit' : 'stop-loss';
    return {
      ...stopOf(draft, kind),
      placeholder: nowPrice(),
      note: msgs.of(field),
      onToggle: (on: boolean) =>
        change(
          field,
          toggleStop(draft, kind, on, () => stopStartFor(inst, draft, side, kind, nowPrice())),
        ),
      onChange: (v: string) => change(field, typeStop(kind, v)),
    };
  };
  return (
    <>
      <StopBox
        field="stop-profit"
        messageId={`${formId}-stop-profit`}
        label={t('trade.stop_profit')}
        $pips={$profitPips}
        {...stopBox('profit')}
      />
      <StopBox
        field="stop-loss"
        messageId={`${formId}-stop-loss`}
        label={t('trade.stop_loss')}
        $pips={$lossPips}
        {...stopBox('loss')}
      />
    </>
  );
}
