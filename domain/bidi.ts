// Bidirectional text: which languages read right to left, and the Unicode isolate that keeps a value (a number, a
// code, a name in Latin script) in its own direction inside a sentence of the other direction. Without it, Arabic
// shows '-0.08' as '0.08-' and moves the full stop of an English name to the front.
import type { Language } from './types.ts';

/** FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (UAX #9): the value takes the direction of its first strong
 *  letter, and a value with none (a number) reads left to right. */
export const FSI = '\u2068';
export const PDI = '\u2069';

const RTL: ReadonlySet<Language> = new Set<Language>(['ar']);

export function isRtlLanguage(lang: Language): boolean {
  return RTL.has(lang);
}

/** `text` wrapped in a first-strong isolate; an empty text stays empty (nothing to isolate). */
export function isolate(text: string): string {
  return text === '' ? text : `${FSI}${text}${PDI}`;
}

/** The value as a translation shows it: isolated in a right-to-left language, untouched otherwise. */
export function interpolatedValue(lang: Language, value: unknown): string {
  const text = String(value);
  return isRtlLanguage(lang) ? isolate(text) : text;
}
