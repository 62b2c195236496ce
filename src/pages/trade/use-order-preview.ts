// Live margin / fee / P&L-at-stops preview, computed in the feed (worker) from the same domain maths as the server.
// Results land in a signal the summary binds as text, so a moving price never re-renders the form.
import { useEffect, useMemo, useRef } from 'react';
import { effect, signal, type Signal } from '@preact/signals-react';
import { feed } from '../../state/feed-bridge.ts';
import { quote } from '../../state/market.ts';
import { PreviewRunner } from './preview-runner.ts';
import { previewInput, type OrderDraft, type OrderSide } from './order-draft.ts';
import type { OrderPreview } from '../../../workers/protocol.ts';
import type { Instrument } from '../../domain/types.ts';

export interface PreviewSignals {
  $preview: Signal<OrderPreview | null>;
}

export function useOrderPreview(inst: Instrument, draft: OrderDraft, side: OrderSide): PreviewSignals {
  const $preview = useMemo(() => signal<OrderPreview | null>(null), []);
  const runnerRef = useRef<PreviewRunner | null>(null);
  const input = useMemo(() => previewInput(inst, draft, side), [inst, draft, side]);
  const inputRef = useRef(input);
  inputRef.current = input;

  // The runner lives with the mounted component (created in the effect, so StrictMode's re-run gets a fresh one).
  useEffect(() => {
    const runner = new PreviewRunner(
      (i) => feed().previewOrder(i),
      (result) => {
        $preview.value = result;
      },
    );
    runnerRef.current = runner;
    runner.set(inputRef.current);
    return () => {
      runner.dispose();
      if (runnerRef.current === runner) runnerRef.current = null;
    };
  }, [$preview]);

  useEffect(() => runnerRef.current?.set(input), [input]);

  // A market order's margin and stop P&L follow the current price; a pending order's do not.
  const followsPrice = input !== null && input.atPrice === null;
  useEffect(() => {
    if (!followsPrice) return undefined;
    const q = quote(inst.Code);
    let first = true;
    return effect(() => {
      void q.$close.value;
      if (first) {
        first = false; // the inputs effect has just asked already
        return;
      }
      runnerRef.current?.request();
    });
  }, [inst.Code, followsPrice]);

  return { $preview };
}
