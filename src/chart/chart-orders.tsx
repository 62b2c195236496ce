// The trade screen's side of the orders on the chart (docs/screens.md "Positions and orders on the chart").
import { useCallback, useEffect, useMemo } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $heldPositions, orderLists, refreshList } from '../state/orders/orders.ts';
import { $loggedIn } from '../state/account/session.ts';
import { askStopMove, openChartOrder } from './chart-order-edit.ts';
import { chartOrderLines, type OrderLine } from './order-lines.ts';
import type { Instrument } from '../../domain/types.ts';

export interface ChartOrders {
  lines: readonly OrderLine[];
  onEdit: (line: OrderLine) => void;
  onMove: (line: OrderLine, price: string) => Promise<boolean>;
}

export function useChartOrders(inst: Instrument): ChartOrders {
  useSignals();
  const loggedIn = $loggedIn.value;
  const held = $heldPositions.value;
  const pending = orderLists[0].value.items;
  // The pending list is /order's: read once when nothing has loaded it; events keep it current afterwards.
  useEffect(() => {
    if (loggedIn && !orderLists[0].peek().started) void refreshList(0);
  }, [loggedIn]);
  const lines = useMemo(
    () => (loggedIn ? chartOrderLines(held, pending, inst.Id) : []),
    [loggedIn, held, pending, inst.Id],
  );
  const onEdit = useCallback((line: OrderLine) => openChartOrder(line.order.Id, inst), [inst]);
  const onMove = useCallback((line: OrderLine, price: string) => askStopMove(line, price, inst), [inst]);
  return { lines, onEdit, onMove };
}
