// The feed recomputes the preview on every tick in its frame batch, so a moving price costs no request or render.
import { useEffect, useMemo } from 'react';
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { feed } from '../../../state/feed/feed-bridge.ts';
import { onPreview } from '../../../state/feed/feed-listeners.ts';
import { previewInput, type OrderDraft, type OrderSide } from './order-draft.ts';
import type { OrderPreview } from '../../../../workers/protocol.ts';
import type { Instrument } from '../../../../domain/types.ts';
import { isDecimalText } from '../../../../domain/decimal.ts';
import { orderCostExceeds } from '../../../../domain/trade-maths.ts';
import { usd } from '../../../../domain/units.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { $funds } from '../../../state/orders/orders.ts';

// One watched preview at a time (one order form on screen): each watch gets a new seq, and results carry it.
let lastSeq = 0;
let activeSeq = 0;

const warn = (err: unknown) => console.warn('watchPreview failed', err);

export function useOrderPreview(inst: Instrument, draft: OrderDraft, side: OrderSide): Signal<OrderPreview | null> {
  const $preview = useMemo(() => signal<OrderPreview | null>(null, { name: 'use-order-preview.$preview' }), []);
  const input = useMemo(() => previewInput(inst, draft, side), [inst, draft, side]);

  useEffect(() => {
    if (!input) {
      $preview.value = null;
      return undefined;
    }
    const seq = ++lastSeq;
    activeSeq = seq;
    const off = onPreview((p) => {
      if (p.seq === seq) $preview.value = p.preview;
    });
    void feed().watchPreview(seq, input).catch(warn);
    return () => {
      off();
      // New inputs start their own watch in the same commit: stop the feed only if nothing replaced this one.
      queueMicrotask(() => {
        if (activeSeq !== seq) return;
        activeSeq = 0;
        void feed().watchPreview(seq, null).catch(warn);
      });
    };
  }, [input, $preview]);

  return $preview;
}

// By the server's rule (domain/trade-maths.ts orderCostExceeds), so the button is off before a confirmation, not after.
/** While the order would exceed it, else null; a form re-renders on a flip. */
export function overFreeSignal($preview: Signal<OrderPreview | null>): ReadonlySignal<string | null> {
  return computed(
    () => {
      const p = $preview.value;
      const free = $funds.value?.balance;
      if (!p?.ok || !free || !isDecimalText(free) || !isDecimalText(p.margin) || !isDecimalText(p.fee)) return null;
      return orderCostExceeds(usd(free), usd(p.margin), usd(p.fee)) ? formatMoney(free) : null;
    },
    { name: 'use-order-preview.$overFree' },
  );
}
