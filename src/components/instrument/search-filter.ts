// The side list's quick filter, by the one rule the server's search uses too.
import type { TFunction } from '../../i18n/index.ts';
import { instrumentNameKey, matchesInstrument } from '../../../domain/instrument-search.ts';
import type { Instrument } from '../../../domain/types.ts';

/** Both answer the key itself when no name is there. */
export function matchesSearch(inst: Instrument, text: string, t: TFunction, en: TFunction): boolean {
  const key = instrumentNameKey(inst.Code);
  const names = [t(key), en(key)].filter((n) => n !== key);
  return matchesInstrument({ code: inst.Code, showCode: inst.ShowCode, names }, text);
}
