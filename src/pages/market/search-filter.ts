// Client-side instrument filter by code or display code (the side list's quick filter).
import type { Instrument } from '../../domain/types.ts';

export function matchesSearch(inst: Instrument, text: string): boolean {
  const q = text.trim().toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (q === '') return true;
  const code = inst.Code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const show = inst.ShowCode.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return code.includes(q) || show.includes(q);
}
