// Kept in localStorage: a desk arrangement is the machine's, not the account's.
import { signal } from '@preact/signals-react';
import { type Period, CHART_PERIODS } from '../../domain/types.ts';
import { localStore } from '../state/shell/local-store.ts';

const GRID_KEY = 'tw:desk-grid';

export interface GridCell {
  code: string | null;
  period: Period;
}

interface GridState {
  on: boolean;
  cells: GridCell[];
}

const DEFAULT_PERIODS: readonly Period[] = ['5min', '60min', '1day'];

/** Anything unreadable or missing takes the defaults: off, no instrument, DEFAULT_PERIODS. */
function read(): GridState {
  let v: Partial<GridState> | null = null;
  try {
    v = JSON.parse(localStore()?.getItem(GRID_KEY) ?? 'null') as Partial<GridState> | null;
  } catch {
    // the defaults
  }
  const saved = (Array.isArray(v?.cells) ? v.cells : []) as (Partial<GridCell> | null | undefined)[];
  const cells = DEFAULT_PERIODS.map((period, i) => {
    const s = saved[i];
    return {
      code: typeof s?.code === 'string' ? s.code : null,
      period: CHART_PERIODS.includes(s?.period as Period) ? (s?.period as Period) : period,
    };
  });
  return { on: v?.on === true, cells };
}

/** null until the first change of this visit, so importing reads nothing. */
const $chartGrid = signal<GridState | null>(null, { name: 'chartGrid.$state' });

/** A component that calls it re-renders when it changes. */
export function gridState(): GridState {
  return $chartGrid.value ?? read();
}

function write(next: GridState): void {
  $chartGrid.value = next;
  localStore()?.setItem(GRID_KEY, JSON.stringify(next));
}

export function setGridOn(on: boolean): void {
  write({ ...gridState(), on });
}

export function setGridCell(index: number, cell: Partial<GridCell>): void {
  const s = gridState();
  write({ ...s, cells: s.cells.map((c, i) => (i === index ? { ...c, ...cell } : c)) });
}
