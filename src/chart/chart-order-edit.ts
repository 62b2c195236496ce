// Requests only: src/pages/order/chart-order-host.tsx answers them, so /trade loads none of /order's code until then.
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
  /** false: refused or cancelled, the line snaps back. */
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

/** A move still waiting is answered "no" first. */
export function askStopMove(line: OrderLine, price: string, inst: Instrument): Promise<boolean> {
  $move.peek()?.answer(false);
  return new Promise<boolean>((resolve) => {
    $move.value = { line, price, inst, answer: resolve };
  });
}

export function endStopMove(): void {
  $move.value = null;
}
