// The desk's 2×2 chart grid: whether it is on, and the instrument and period of its three other charts
// (the first is the trade screen's own chart). Kept in this browser's localStorage: a desk arrangement is the
// machine's, not the account's.
import { signal } from '@preact/signals-react';
import type { Period } from '../../domain/types.ts';
import { CHART_PERIODS } from '../../domain/types.ts';
import { localStore } from '../state/shell/local-store.ts';

export const GRID_KEY = 'tw:desk-grid';

export interface GridCell {
  code: string | null;
  period: Period;
}

interface GridState {
  on: boolean;
  cells: GridCell[];
}

const DEFAULT_PERIODS: readonly Period[] = ['5min', '60min', '1day'];
const defaults = (): GridState => ({ on: false, cells: DEFAULT_PERIODS.map((period) => ({ code: null, period })) });

function read(): GridState {
  try {
    const v = JSON.parse(localStore()?.getItem(GRID_KEY) ?? 'null') as Partial<GridState> | null;
    const d = defaults();
    if (!v || typeof v !== 'object') return d;
    const cells = d.cells.map((c, i) => {
      const s = Array.isArray(v.cells) ? (v.cells[i] as Partial<GridCell> | undefined) : undefined;
      return {
        code: typeof s?.code === 'string' ? s.code : c.code,
        period: CHART_PERIODS.includes(s?.period as Period) ? (s?.period as Period) : c.period,
      };
    });
    return { on: v.on === true, cells };
  } catch {
    return defaults();
  }
}

/** null until the first change of this visit: until then the stored state is read (importing reads nothing). */
export const $chartGrid = signal<GridState | null>(null, { name: 'chartGrid.$state' });

/** The grid's state; a component that calls it re-renders when it changes. */
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

/** Cell 1–3's instrument or period. */
export function setGridCell(index: number, cell: Partial<GridCell>): void {
  const s = gridState();
  write({ ...s, cells: s.cells.map((c, i) => (i === index ? { ...c, ...cell } : c)) });
}
