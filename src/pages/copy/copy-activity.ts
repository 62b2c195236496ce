// Told in every world, since a demo account gets no in-app notices from the server (docs/copy-trading.md "Screens").
import type { CopyItem } from '../../../domain/copy-types.ts';
import { dec } from '../../../domain/decimal.ts';

export interface CopyEvent {
  kind: 'opened' | 'reduced' | 'closed';
  provider: string;
  code: string;
  lots: string;
}

/** None at the first poll (`before` null). */
export function copyEvents(before: readonly CopyItem[] | null, after: readonly CopyItem[]): CopyEvent[] {
  if (before === null) return [];
  const out: CopyEvent[] = [];
  for (const copy of after) {
    const was = new Map((before.find((b) => b.id === copy.id)?.open_positions ?? []).map((p) => [p.id, p]));
    const base = { provider: copy.provider_name };
    for (const p of copy.open_positions) {
      const old = was.get(p.id);
      was.delete(p.id);
      if (!old) out.push({ ...base, kind: 'opened', code: p.code, lots: p.lots });
      else if (dec(p.lots).lt(old.lots)) {
        out.push({ ...base, kind: 'reduced', code: p.code, lots: dec(old.lots).minus(p.lots).toString() });
      }
    }
    for (const gone of was.values()) out.push({ ...base, kind: 'closed', code: gone.code, lots: gone.lots });
  }
  return out;
}
