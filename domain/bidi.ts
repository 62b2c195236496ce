// Without an isolate, Arabic shows '-0.08' as '0.08-' and moves the full stop of an English name to the front.
import type { Language } from './types.ts';

/** UAX #9 first-strong isolate: a value with no strong letter (a number) reads left to right. */
export const FSI = '\u2068';
export const PDI = '\u2069';

const RTL: ReadonlySet<Language> = new Set<Language>(['ar']);

export function isRtlLanguage(lang: Language): boolean {
  return RTL.has(lang);
}

/** An empty text stays empty: nothing to isolate. */
export function isolate(text: string): string {
  return text === '' ? text : `${FSI}${text}${PDI}`;
}

export function interpolatedValue(lang: Language, value: unknown): string {
  const text = String(value);
  return isRtlLanguage(lang) ? isolate(text) : text;
}
