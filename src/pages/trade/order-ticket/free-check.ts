// By the server's rule (domain/trade-maths.ts orderCostExceeds), so the button is off before a confirmation, not after.
import { computed, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { isDecimalText } from '../../../../domain/decimal.ts';
import { orderCostExceeds } from '../../../../domain/trade-maths.ts';
import { usd } from '../../../../domain/units.ts';
import type { OrderPreview } from '../../../../workers/protocol.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { $funds } from '../../../state/orders/orders.ts';

/** While the order would exceed it, else null; a form re-renders on a flip. */
export function overFreeSignal($preview: Signal<OrderPreview | null>): ReadonlySignal<string | null> {
  return computed(
    () => {
      const p = $preview.value;
      const free = $funds.value?.balance;
      if (!p?.ok || !free || !isDecimalText(free) || !isDecimalText(p.margin) || !isDecimalText(p.fee)) return null;
      return orderCostExceeds(usd(free), usd(p.margin), usd(p.fee)) ? formatMoney(free) : null;
    },
    { name: 'free-check.$overFree' },
  );
}
