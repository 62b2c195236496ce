// The orders drawn on the chart ask for two things the /order screen's parts answer (docs/screens.md "Positions and
// orders on the chart"): an order's edit sheet (a tag tapped, a touch held on a line) and the confirmation of a stop
// dragged to a new price. The requests live here; the host (src/pages/order/chart-order-host.tsx, mounted with the
// app's frame) shows them, so the trade screen needs none of /order's code until one is made.
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { OrderLine } from './order-lines.ts';
import type { Instrument } from '../../domain/types.ts';

export interface ChartOrderEdit {
  orderId: number;
  inst: Instrument;
}

export interface ChartStopMove {
  line: OrderLine;
  price: string;
  inst: Instrument;
  /** Whether the server took the new price (false: refused or cancelled, the line snaps back). */
  answer: (ok: boolean) => void;
}

const $edit = signal<ChartOrderEdit | null>(null, { name: 'chart-order-edit.$edit' });
const $move = signal<ChartStopMove | null>(null, { name: 'chart-order-edit.$move' });
export const $chartOrderEdit: ReadonlySignal<ChartOrderEdit | null> = $edit;
export const $chartStopMove: ReadonlySignal<ChartStopMove | null> = $move;

export function openChartOrder(orderId: number, inst: Instrument): void {
  $edit.value = { orderId, inst };
}

export function closeChartOrder(): void {
  $edit.value = null;
}

/** Asks to confirm a dragged stop; a move still waiting is answered "no" first. */
export function askStopMove(line: OrderLine, price: string, inst: Instrument): Promise<boolean> {
  $move.peek()?.answer(false);
  return new Promise<boolean>((resolve) => {
    $move.value = { line, price, inst, answer: resolve };
  });
}

/** The move's question answered (the host sends it first when confirmed). */
export function endStopMove(): void {
  $move.value = null;
}
