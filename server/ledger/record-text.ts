// A record's description in a language; type 10 and a type without a text show the memo (docs/contract.md §2).
import type { Language } from '../../domain/types.ts';
import { translate } from '../http/i18n.ts';
import { RecordType } from './record-types.ts';

export function recordText(lang: Language, type: number, memo: string): string {
  const key = `records.t${type}`;
  const text = translate(lang, key, { memo });
  return type === RecordType.MEMO || text === key ? memo : text;
}
