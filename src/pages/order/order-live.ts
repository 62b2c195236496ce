// Built once per order object, never per tick.
import { priceText } from '../../../domain/format/price.ts';
import { computed } from '@preact/signals-react';
import { livePosition } from '../../state/orders/orders.ts';
import { quote } from '../../state/market/quotes.ts';
import type { Instrument, AppOrder } from '../../../domain/types.ts';
import { NO_VALUE, pnlDir } from '../../../domain/format/money-text.ts';
import { formatMoney, formatPercent, formatPnl } from '../../i18n/format.ts';
import { orderFigures } from './order-format.ts';

/** Read inside a computed; the close-all sheet sums it per scope with the same rule. */
export function heldPnl(order: AppOrder): string | null {
  return livePosition(order.Id).$pnl.value ?? order.FactProfits;
}

export function orderLiveText(order: AppOrder, inst: Instrument | undefined) {
  const own = orderFigures(order, inst);
  // Holding: the position's live figures. Pending: the instrument's live quote is the current price; its P&L is zero
  // until it fills. Closed: fixed.
  const l = order.Status === 1 ? livePosition(order.Id) : null;
  const q = order.Status === 0 ? quote(order.instrument.Code) : null;
  const $pnl = computed(() => (l ? heldPnl(order) : order.Status === 0 ? null : order.FactProfits), {
    name: 'order-live.$pnl',
  });
  return {
    current: computed(
      () =>
        q && q.$close.value !== ''
          ? q.$close.value
          : priceText(l?.$current.value ?? order.UpdatePrice, order.instrument.PricePrecision, { missing: NO_VALUE }),
      { name: 'order-live.current' },
    ),
    pnl: computed(() => formatPnl($pnl.value, { missing: NO_VALUE }), { name: 'order-live.pnl' }),
    pnlDir: computed(() => pnlDir($pnl.value), { name: 'order-live.pnlDir' }),
    riskRate: computed(() => formatPercent(l?.$riskRate.value ?? own.riskRate, { ratio: true, missing: NO_VALUE }), {
      name: 'order-live.riskRate',
    }),
    netValue: computed(() => formatMoney(l?.$netValue.value ?? own.netValue, { missing: NO_VALUE }), {
      name: 'order-live.netValue',
    }),
  };
}
