// scripts/first-texts-plugin.ts allows only plain texts and `{{name}}` here, so this returns what i18next would.
import firstTexts from 'virtual:first-texts';
import { DEFAULT_LANGUAGE } from '../../domain/types.ts';
import { interpolatedValue } from '../../domain/bidi.ts';

export type TOptions = Readonly<Record<string, unknown>>;

function lookUp(key: string): string | undefined {
  let node: unknown = firstTexts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** null when not a first-screen text; a value missing from `options` leaves its placeholder, as i18next does. */
export function firstText(key: string, options?: TOptions): string | null {
  const text = lookUp(key);
  if (text === undefined) return null;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    options?.[name] === undefined ? whole : interpolatedValue(DEFAULT_LANGUAGE, options[name]),
  );
}
