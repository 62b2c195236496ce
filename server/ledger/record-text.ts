// A financial record's description in a language: the locales' records.t{type} with the memo filled in; type 10 (a
// memo record, docs/contract.md §2) and a type without a text show the memo as it is. The record list and the statement use it.
import type { Language } from '../../domain/types.ts';
import { translate } from '../http/i18n.ts';
import { RecordType } from './record-types.ts';

export function recordText(lang: Language, type: number, memo: string): string {
  const key = `records.t${type}`;
  const text = translate(lang, key, { memo });
  return type === RecordType.MEMO || text === key ? memo : text;
}
