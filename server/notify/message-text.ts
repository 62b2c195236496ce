// Times arrive as ISO-8601 UTC (server/core/services.ts) and are shown as "2026-11-25 09:30 UTC".
import { DEFAULT_LANGUAGE, type Language } from '../../domain/types.ts';
import { translate } from '../http/i18n.ts';
import type { Message, MessageKind } from '../core/services.ts';

const TEXT_KEY: Partial<Record<MessageKind, string>> = { verification_code: 'server.code_text' };
const TIME_VALUES: ReadonlySet<string> = new Set(['time', 'usable_from', 'start', 'end']);
const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?Z$/;

function shownValue(name: string, value: string | number, lang: Language): string | number {
  // A value named `*_key` is a locale key (a copy's skip reason); `other` when unknown.
  if (name.endsWith('_key') && typeof value === 'string') {
    const text = translate(lang, value);
    return text === value ? translate(lang, value.replace(/[^.]+$/, 'other')) : text;
  }
  if (!TIME_VALUES.has(name) || typeof value !== 'string') return value;
  const m = ISO.exec(value);
  return m ? `${m[1]} ${m[2]} UTC` : value;
}

export function messageText(message: Message): string {
  const lang = message.lang ?? DEFAULT_LANGUAGE;
  const values = Object.fromEntries(Object.entries(message.values).map(([k, v]) => [k, shownValue(k, v, lang)]));
  return translate(lang, TEXT_KEY[message.kind] ?? `notices.${message.kind}`, values);
}
