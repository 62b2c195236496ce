// Signals bound once as live text: a tick rewrites a text node and renders nothing.
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { livePosition } from '../state/account/live-positions.ts';
import { NO_VALUE, pnlDir } from '../../domain/format/money-text.ts';
import { formatPnl } from '../i18n/format.ts';
import type { AppOrder } from '../../domain/types.ts';

export interface PositionPnl {
  text: ReadonlySignal<string>;
  dir: ReadonlySignal<string>;
}

// One pair per order, so a tick formats a position's P&L once, not once per place that shows it.
const made = new WeakMap<AppOrder, PositionPnl>();

export function positionPnl(o: AppOrder): PositionPnl {
  const known = made.get(o);
  if (known) return known;
  const l = livePosition(o.Id);
  const $v = computed(() => l.$pnl.value ?? o.FactProfits, { name: 'order-line.$pnl' });
  const pnl = {
    text: computed(() => formatPnl($v.value, { missing: NO_VALUE }), { name: 'order-line.pnl' }),
    dir: computed(() => pnlDir($v.value), { name: 'order-line.pnlDir' }),
  };
  made.set(o, pnl);
  return pnl;
}
